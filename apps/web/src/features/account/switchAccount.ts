import { demoLogin, fetchUserInfo } from '../../api/account';
import { useUser } from '../../stores/user';

/** Into this device's demo account (SPEC.md §6: keyed by the device uuid), keeping the real session to come back to. */
export async function switchToDemo(): Promise<void> {
  const { uuid, enterDemo } = useUser.getState();
  const { token, user } = await demoLogin(uuid);
  enterDemo(token, user);
}

/**
 * Back to the real account this device was using before the demo; false when it has none. A session revoked
 * meanwhile answers 999 to the first call, which sends the trader to sign in.
 */
export function switchToReal(): boolean {
  const { realSession, signIn, setUser } = useUser.getState();
  if (!realSession) return false;
  signIn(realSession.token, realSession.user);
  fetchUserInfo().then(setUser, () => {});
  return true;
}
