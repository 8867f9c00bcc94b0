import { api } from '@meridian/contract';
import { useUser } from '../stores/user';
import { request } from './http';
import { socket } from './ws';

/**
 * Keeps the websocket's login in step with the stored session (SPEC.md §4) and refreshes the user at
 * start; that refresh is an init call, so an expired session is cleared without a trip to /login.
 */
export function syncSession(): void {
  let token = useUser.getState().token;
  if (token) {
    socket.login(token);
    void request(api.userInfo, {}, { init: true, silent: true })
      .then((user) => useUser.getState().setUser(user))
      .catch(() => {});
  }
  useUser.subscribe((state) => {
    if (state.token === token) return;
    token = state.token;
    if (token) socket.login(token);
    else socket.logout();
  });
}
