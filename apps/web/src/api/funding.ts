import { api } from '@meridian/contract';
import { act, request } from './http';

export interface CoinChannel {
  id: number;
  currency_code: string;
  protocol_code: string;
  address: string;
}
export interface WireChannel {
  id: number;
  /** The same as id (SPEC.md §3 names the wire option by its wire id). */
  wire_id: number;
  currency_code: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  swift: string;
  bank_address: string;
  remark: string;
}
export interface DepositOptions {
  coin: CoinChannel[];
  wire: WireChannel[];
  /** The external payment page; empty when none is configured. */
  pay_url: string;
}
/** 1 coin address, 2 bank account (SPEC.md §3). */
export type DrawType = 1 | 2;
export interface WithdrawCurrency {
  id: number;
  code: string;
  protocol: string;
  draw_rate: string;
  fee_type: number;
  usd_price: string;
  min: string;
  /** '0' when there is no maximum. */
  max: string;
}
export interface DrawMethod {
  id: number;
  type: DrawType;
  draw_id: number;
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  coin_type: string;
  remark: string;
  draw_currency: { code: string; protocol: string };
}
export interface WithdrawRecord {
  id: number;
  number: string;
  real_number: string;
  fee: string;
  status: number;
  status_name: string;
  created_at: string;
  type: DrawType;
  address: string;
  payee_account: string;
  notes: string;
  draw_currency: { code: string; protocol: string };
}
export type BindForm = { type: DrawType; draw_id: number } & Partial<
  Record<
    | 'dc_address'
    | 'bank_name'
    | 'bank_address'
    | 'bank_swift'
    | 'payee_name'
    | 'payee_account'
    | 'coin_type'
    | 'remark',
    string
  >
>;

/** Proof that it is the trader before money moves: a step-up code sent to them, or their authenticator's code. */
export type StepUpProof = { auth_code: string } | { totp: string };

export interface AccountDetail {
  balance: string;
  lock_balance: string;
  /** What may be withdrawn now: min(cash, free margin), 0 during a margin call, rounded down to 2 decimals. */
  withdrawable: string;
}

export const fetchAccountDetail = () => request<AccountDetail>(api.forexDetail);

/** Uploads an image (multipart `file`) behind a spinner and returns its url. */
export function uploadImage(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  return request<{ url: string }>(api.imageUpload, {}, { form });
}

export const fetchDepositOptions = () => request<DepositOptions>(api.chargeInfo);
export const submitCoinDeposit = (form: {
  number: string;
  proofImg: string;
  address: string;
  charge_id: number;
}) => act<{ id: number }>(api.chargeSubmit, form);
export const submitWireDeposit = (form: { number: string; proofImg: string; wire_id: number }) =>
  act<{ id: number }>(api.wireSubmit, form);

export const fetchWithdrawCurrencies = (type: DrawType) =>
  request<WithdrawCurrency[]>(api.drawSymbolList, { type });
export const fetchDrawMethods = (drawType: DrawType, drawId?: number) =>
  request<DrawMethod[]>(api.getDrawMethod, { draw_type: drawType, draw_id: drawId });
export const bindDrawMethod = (form: BindForm & StepUpProof) => act<DrawMethod>(api.bindDrawMethod, form);
export const deleteDrawMethod = (id: number) => act<null>(api.delDrawMethod, { id });

export const requestWithdrawal = (
  form: {
    draw_currency_id: number;
    number: string;
    memo: string;
    draw_method_id: number;
  } & StepUpProof,
) => act<{ id: number }>(api.draw, form);
export const fetchWithdrawRecords = (type: DrawType, page: number) =>
  request<{ data: WithdrawRecord[]; total: number }>(api.drawList, { type, page });
