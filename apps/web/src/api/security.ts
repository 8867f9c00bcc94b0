import { api, type DeviceSession, type TotpSetup } from '@meridian/contract';
import { act, request } from './http';

export const fetchSessions = () => request<DeviceSession[]>(api.sessionList);
export const revokeSession = (id: number) => act<null>(api.sessionRevoke, { id });
export const revokeOtherSessions = () => act<null>(api.sessionRevokeOthers);
export const setUpTotp = () => request<TotpSetup>(api.totpSetup);
export const enableTotp = (code: string, password: string) => act<null>(api.totpEnable, { code, password });
export const disableTotp = (code: string) => act<null>(api.totpDisable, { code });

export type { DeviceSession, TotpSetup };
