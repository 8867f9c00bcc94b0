import { api } from '@meridian/contract';
import { act, request } from './http';

/** A device signed in to the account; `current` is this one. Times are UTC ISO text. */
export interface DeviceSession {
  id: number;
  ip: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}
/** A new authenticator secret (base32) and the otpauth:// address an authenticator app opens or scans. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

export const fetchSessions = () => request<DeviceSession[]>(api.sessionList);
export const revokeSession = (id: number) => act<null>(api.sessionRevoke, { id });
export const revokeOtherSessions = () => act<null>(api.sessionRevokeOthers);
export const setUpTotp = () => request<TotpSetup>(api.totpSetup);
export const enableTotp = (code: string) => act<null>(api.totpEnable, { code });
export const disableTotp = (code: string) => act<null>(api.totpDisable, { code });
