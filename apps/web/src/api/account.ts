import {
  type AreaCode,
  api,
  type Captcha,
  type endpoints,
  type InputOf,
  type LedgerPage,
  type LedgerRow,
  type LoginResult,
  type LoginType,
  type User,
  type WalletBalance,
} from '@meridian/contract';
import { act, type Params, request } from './http';

export const fetchAreas = () => request<AreaCode[]>(api.areaList);
export const fetchSetting = (key: string) => request<string>(api.setting, { key }, { silent: true });
export const fetchCaptcha = () => request<Captcha>(api.captcha);

/** `totp` only when the first try answered totp_required (an account with an authenticator app). */
export const login = (form: InputOf<typeof endpoints.login>) => request<LoginResult>(api.login, form);
export const logout = () => request<null>(api.logout, {}, { silent: true });
export const demoLogin = (demoId: string) => request<LoginResult>(api.createDemo, { demo_id: demoId });
export const register = (form: Record<string, string | number | undefined>) => act<User>(api.register, form);

/** 1 register, 2 reset (SPEC.md §7), 3 step-up before money moves (bind a withdrawal method, withdraw). */
export type CodeType = 1 | 2 | 3;

/** Sends a one-time code; without `to` it goes to the signed-in user's own address (always so for type 3). */
export const sendSms = (to: string | undefined, areaId: number | undefined, type: CodeType) =>
  act<null>(api.sendSms, { to, area_id: areaId, type });
export const sendEmail = (to: string | undefined, type: CodeType) => act<null>(api.sendEmail, { to, type });

/** A step-up code to where the account signs in: its e-mail, or its phone (a phone account has no e-mail). */
export const sendStepUpCode = (user: User | null) =>
  user?.email ? sendEmail(undefined, 3) : sendSms(undefined, undefined, 3);

export const forgetPassword = (form: Record<string, string | number | undefined>) =>
  act<null>(api.forgetPassword, form);
/** `type` says where the code was sent: the account's e-mail or its phone. */
export const amendPassword = (newPassword: string, authCode: string, type: LoginType) =>
  act<null>(api.amendPassword, { new_password: newPassword, auth_code: authCode, type });

export const fetchUserInfo = () => request<User>(api.userInfo);
export const fetchBalance = () => request<WalletBalance>(api.balance);
export const resetDemo = () => act<WalletBalance>(api.resetDemo);
/** A page of the ledger; `filters` (from, to, forex_id, type) keep only some rows. */
export const fetchLedger = (page: number, filters: Params = {}) =>
  request<LedgerPage>(api.ledger, { ...filters, page });

export type { AreaCode, Captcha, LedgerRow, LoginResult, LoginType };
