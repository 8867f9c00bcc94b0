import {
  type AccountDetail,
  api,
  type BindForm,
  type CoinChannel,
  type CoinDepositForm,
  type DepositOptions,
  type DrawForm,
  type DrawMethod,
  type DrawType,
  type UploadedImage,
  type WireChannel,
  type WireDepositForm,
  type WithdrawCurrency,
  type WithdrawRecord,
} from '@meridian/contract';
import { act, request } from './http';

/** Proof that it is the trader before money moves: a step-up code sent to them, or their authenticator's code. */
export type StepUpProof = { auth_code: string } | { totp: string };

export const fetchAccountDetail = () => request(api.forexDetail);

/** Uploads an image (multipart `file`) behind a spinner and returns its url. */
export function uploadImage(file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return request(api.imageUpload, {}, { form });
}

export const fetchDepositOptions = () => request(api.chargeInfo);
export const submitCoinDeposit = (form: CoinDepositForm) => act(api.chargeSubmit, form);
export const submitWireDeposit = (form: WireDepositForm) => act(api.wireSubmit, form);

export const fetchWithdrawCurrencies = (type: DrawType) => request(api.drawSymbolList, { type });
export const fetchDrawMethods = (drawType: DrawType, drawId?: number) =>
  request(api.getDrawMethod, { draw_type: drawType, draw_id: drawId });
export const bindDrawMethod = (form: BindForm & StepUpProof) => act(api.bindDrawMethod, form);
export const deleteDrawMethod = (id: number) => act(api.delDrawMethod, { id });

export const requestWithdrawal = (form: DrawForm & StepUpProof) => act(api.draw, form);
export const fetchWithdrawRecords = (type: DrawType, page: number) => request(api.drawList, { type, page });

export type {
  AccountDetail,
  BindForm,
  CoinChannel,
  DepositOptions,
  DrawMethod,
  DrawType,
  WireChannel,
  WithdrawCurrency,
  WithdrawRecord,
};
