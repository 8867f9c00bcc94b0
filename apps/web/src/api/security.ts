import { api, type DeviceSession, type TotpSetup } from '@meridian/contract';
import { act, request } from './http';

export const fetchSessions = () => request(api.sessionList);
export const revokeSession = (id: number) => act(api.sessionRevoke, { id });
export const revokeOtherSessions = () => act(api.sessionRevokeOthers);
export const setUpTotp = () => request(api.totpSetup);
export const enableTotp = (code: string, password: string) => act(api.totpEnable, { code, password });
export const disableTotp = (code: string) => act(api.totpDisable, { code });

export type { DeviceSession, TotpSetup };
