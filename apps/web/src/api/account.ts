import { api } from '@meridian/contract';
import type { User } from '../stores/user';
import { act, request } from './http';

export interface AreaCode {
  id: number;
  code: string;
  global_code: string;
  name: string;
}
export interface LoginResult {
  token: string;
  user: User;
}
export interface Captcha {
  id: string;
  b64s: string;
}
export interface LedgerRow {
  Id: number;
  Value: string;
  MemoTran: string;
  CreatedAtTran: string;
}
export type LoginType = 'email' | 'mobile';

export const fetchAreas = () => request<AreaCode[]>(api.areaList);
export const fetchSetting = (key: string) => request<string>(api.setting, { key }, { silent: true });
export const fetchCaptcha = () => request<Captcha>(api.captcha);

/** `totp` only when the first try answered totp_required (an account with an authenticator app). */
export const login = (form: {
  account: string;
  password: string;
  login_type: LoginType;
  area_id?: number;
  totp?: string;
}) => request<LoginResult>(api.login, form);
export const logout = () => request<null>(api.logout, {}, { silent: true });
export const demoLogin = (demoId: string) => request<LoginResult>(api.createDemo, { demo_id: demoId });
export const register = (form: Record<string, string | number | undefined>) => act<null>(api.register, form);

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
export const amendPassword = (newPassword: string, authCode: string) =>
  act<null>(api.amendPassword, { new_password: newPassword, auth_code: authCode, type: 'email' });

export const fetchUserInfo = () => request<User>(api.userInfo);
export const fetchBalance = () => request<{ balance: string }>(api.balance);
export const resetDemo = () => act<unknown>(api.resetDemo);
export const fetchLedger = (page: number) =>
  request<{ data: LedgerRow[]; total: number }>(api.ledger, { page });
