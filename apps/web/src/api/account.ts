import {
  type AreaCode,
  api,
  type Captcha,
  type endpoints,
  type InputFor,
  type InputOf,
  type LedgerRow,
  type LoginResult,
  type LoginType,
  type User,
} from '@meridian/contract';
import { act, request } from './http';

export const fetchAreas = () => request(api.areaList);
export const fetchSetting = (key: string) => request(api.setting, { key }, { silent: true });
export const fetchCaptcha = () => request(api.captcha);

/** `totp` only when the first try answered totp_required (an account with an authenticator app). */
export const login = (form: InputOf<typeof endpoints.login>) => request(api.login, form);
/** Ends the session in use, or `token`'s (the real account kept behind the demo). */
export const logout = (token?: string) => request(api.logout, {}, { silent: true, token });
export const demoLogin = (demoId: string) => request(api.createDemo, { demo_id: demoId });
export const register = (form: InputFor<typeof api.register>) => act(api.register, form);

/** 1 register, 2 reset (SPEC.md §7), 3 step-up before money moves (bind a withdrawal method, withdraw). */
export type CodeType = 1 | 2 | 3;

/** Sends a one-time code; without `to` it goes to the signed-in user's own address (always so for type 3). */
export const sendSms = (to: string | undefined, areaId: number | undefined, type: CodeType) =>
  act(api.sendSms, { to, area_id: areaId, type });
export const sendEmail = (to: string | undefined, type: CodeType) => act(api.sendEmail, { to, type });

/** A step-up code to where the account signs in: its e-mail, or its phone (a phone account has no e-mail). */
export const sendStepUpCode = (user: User | null) =>
  user?.email ? sendEmail(undefined, 3) : sendSms(undefined, undefined, 3);

export const forgetPassword = (form: InputFor<typeof api.forgetPassword>) => act(api.forgetPassword, form);
/** `type` says where the code was sent: the account's e-mail or its phone. */
export const amendPassword = (newPassword: string, authCode: string, type: LoginType) =>
  act(api.amendPassword, { new_password: newPassword, auth_code: authCode, type });

export const fetchUserInfo = () => request(api.userInfo);
export const resetDemo = () => act(api.resetDemo);
/** A page of the ledger; `filters` (from, to, forex_id, type) keep only some rows. */
export const fetchLedger = (page: number, filters: Omit<InputFor<typeof api.ledger>, 'page'> = {}) =>
  request(api.ledger, { ...filters, page });

export type { AreaCode, Captcha, LedgerRow, LoginResult, LoginType };
