import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../stores/user';

/** Longest wait for the screen to go before the session is cleared anyway. */
const LEAVE_TIMEOUT_MS = 3000;

/**
 * Leaves a login-only screen for `to`, then ends the session (SPEC.md §4 logout: reset user info, go home).
 * The session is cleared only once this screen has unmounted: cleared earlier, the screen's own login guard
 * saw a visitor and won the race to /login?from={this screen} (the new route may still be loading, and the
 * old one stays mounted, hidden, until it is ready).
 */
export function useSignOutAndLeave(): (to: string) => Promise<void> {
  const navigate = useNavigate();
  const signOut = useUser((s) => s.signOut);
  const gone = useRef<{ done: boolean; waiters: (() => void)[] }>({ done: false, waiters: [] });
  useEffect(() => {
    const state = gone.current;
    state.done = false;
    return () => {
      state.done = true;
      for (const resolve of state.waiters.splice(0)) resolve();
    };
  }, []);
  return async (to) => {
    const unmounted = new Promise<void>((resolve) => {
      if (gone.current.done) return resolve();
      gone.current.waiters.push(resolve);
      setTimeout(resolve, LEAVE_TIMEOUT_MS);
    });
    await navigate(to, { replace: true });
    await unmounted;
    // Clearing the session also sends the websocket its logout message.
    signOut();
  };
}
