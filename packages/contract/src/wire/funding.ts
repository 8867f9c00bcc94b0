import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint, type Sent } from '../endpoint';
import { decimal, id, nothing, page, uploadUrl, utcTime } from './fields';

/** The calls whose input is a multipart/form-data body rather than a query or a url-encoded form. */
export const MULTIPART_ENDPOINTS = ['imageUpload'] as const;

/** A positive amount as decimal text, at most 15 digits and 8 decimals (the money columns' scale). */
export const positiveAmount = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/)
  .refine((v) => !/^0+(\.0+)?$/.test(v));

/** Free text from a funding form: trimmed, bounded, '' when absent. */
export const formText = (max: number) => z.string().trim().max(max).default('');

/** 1 coin address, 2 bank account (SPEC.md §3). */
export const drawType = z.union([z.literal(1), z.literal(2)]);
export type DrawType = z.infer<typeof drawType>;
/** A draw type as sent: 1 or 2, as a number or as text. */
const drawTypeInput = z.coerce.number().int().min(1).max(2).pipe(drawType);

/** How a withdrawal currency charges: 1 draw_rate is a fixed fee, 2 it is a share of the amount. */
export const withdrawFeeType = z.union([z.literal(1), z.literal(2)]);
export type WithdrawFeeType = z.infer<typeof withdrawFeeType>;

/** A deposit or withdrawal's review: 0 pending, 1 approved (credited, or paid out), 2 rejected (or returned). */
export const fundingReviewStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type FundingReviewStatus = z.infer<typeof fundingReviewStatus>;

/** Where a deposit goes: a coin address or a bank wire account. */
export const depositKind = z.enum(['coin', 'wire']);
export type DepositKind = z.infer<typeof depositKind>;

/** The step-up proof before money moves: a code sent to the account's own address, or its authenticator's code. */
const stepUpInput = { auth_code: formText(16), totp: formText(8) };

/** SPEC.md §3 deposit coin option. */
export const coinChannel = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  /** A made-up address of the embedded demo: the deposit screen warns not to send funds to it. */
  demo: z.boolean(),
});
export type CoinChannel = z.infer<typeof coinChannel>;

/** SPEC.md §3 deposit wire option. */
export const wireChannel = z.object({
  id: z.number().int(),
  /** The same as id (SPEC.md §3 names the wire option by its wire id), as wire_submit takes it back. */
  wire_id: z.number().int(),
  currency_code: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  swift: z.string(),
  bank_address: z.string(),
  remark: z.string(),
  /** A made-up account of the embedded demo: the deposit screen warns not to send funds to it. */
  demo: z.boolean(),
});
export type WireChannel = z.infer<typeof wireChannel>;

export const depositOptions = z.object({
  coin: z.array(coinChannel),
  wire: z.array(wireChannel),
  /** The external payment page (an https:// address operators set in the back office); '' when none. */
  pay_url: z.string(),
});
export type DepositOptions = z.infer<typeof depositOptions>;

/** SPEC.md §3 withdraw currency, with its fee terms and limits. */
export const withdrawCurrency = z.object({
  id: z.number().int(),
  code: z.string(),
  protocol: z.string(),
  draw_rate: decimal,
  fee_type: withdrawFeeType,
  /** USD per unit of the currency. */
  usd_price: decimal,
  min: decimal,
  /** '0' when there is no maximum. */
  max: decimal,
});
export type WithdrawCurrency = z.infer<typeof withdrawCurrency>;

/** A currency as the withdraw screens name it: its code and protocol ('' for none). */
const currencyName = z.object({ code: z.string(), protocol: z.string() });

/** SPEC.md §3 bound method; the fields of the other type are ''. */
export const drawMethod = z.object({
  id: z.number().int(),
  type: drawType,
  /** The withdraw currency it is bound to. */
  draw_id: z.number().int(),
  dc_address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  coin_type: z.string(),
  remark: z.string(),
  draw_currency: currencyName,
});
export type DrawMethod = z.infer<typeof drawMethod>;

/** SPEC.md §3 withdraw record; `notes` is the reason once rejected, else the trader's memo. */
export const withdrawRecord = z.object({
  id: z.number().int(),
  /** The amount asked, at the balance's 2 decimals. */
  number: decimal,
  /** What arrives after the fee. */
  real_number: decimal,
  fee: decimal,
  status: fundingReviewStatus,
  /** The status in the caller's language. */
  status_name: z.string(),
  created_at: utcTime,
  type: drawType,
  address: z.string(),
  payee_account: z.string(),
  notes: z.string(),
  draw_currency: currencyName,
});
export type WithdrawRecord = z.infer<typeof withdrawRecord>;
export const withdrawRecordPage = page(withdrawRecord);
export type WithdrawRecordPage = z.infer<typeof withdrawRecordPage>;

/**
 * The multipart body of an upload: one `file` field, a JPEG, PNG or WebP (by its bytes, whatever its name
 * or declared type) of at most 5 MB. The server reads the file from the stream, not through this schema,
 * which never refuses (`catch`): a request without one is refused upload_missing, a wrong one upload_type
 * or upload_too_large, all Code.REFUSED.
 */
export const imageUploadInput = z.object({
  file: z
    .file()
    .mime(['image/jpeg', 'image/png', 'image/webp'])
    .max(5 * 1024 * 1024)
    .optional()
    .catch(undefined)
    .describe('The image: JPEG, PNG or WebP, at most 5 MB (required; without it the call is refused)'),
});

/** Where an uploaded picture is served (to its owner and reviewing operators): a random name and its type. */
export const uploadedImage = z.object({
  url: z.string().regex(/^\/uploads\/[a-f0-9]{32}\.(jpg|png|webp)$/),
});
export type UploadedImage = z.infer<typeof uploadedImage>;

export const coinDepositInput = z.object({
  number: positiveAmount,
  /** The payment proof's url from image_upload. */
  proofImg: uploadUrl,
  /** The address the trader paid from. */
  address: formText(200),
  charge_id: id,
});
export type CoinDepositForm = Sent<typeof coinDepositInput>;

export const wireDepositInput = z.object({ number: positiveAmount, proofImg: uploadUrl, wire_id: id });
export type WireDepositForm = Sent<typeof wireDepositInput>;

/** A deposit request as the trader sees it in the deposit records. */
export const depositRecord = z.object({
  id: z.number().int(),
  /** The amount asked, at the balance's 2 decimals. */
  number: decimal,
  kind: depositKind,
  /** The channel: the coin and its protocol, or the bank of the wire account. */
  channel: z.string(),
  status: fundingReviewStatus,
  /** The status in the caller's language. */
  status_name: z.string(),
  created_at: utcTime,
  /** The operator's reason once refused, else ''. */
  reason: z.string(),
});
export type DepositRecord = z.infer<typeof depositRecord>;
export const depositRecordPage = page(depositRecord);
export type DepositRecordPage = z.infer<typeof depositRecordPage>;

/** A deposit request filed for review. */
export const depositFiled = z.object({ id: z.number().int() });
export type DepositFiled = z.infer<typeof depositFiled>;

export const bindDrawMethodInput = z.object({
  type: drawTypeInput,
  /** The withdraw currency (of the same type). */
  draw_id: id,
  /** Coin: the address (required). */
  dc_address: formText(200),
  /** Bank: bank_name, bank_address, payee_name and payee_account required. */
  bank_name: formText(200),
  bank_address: formText(300),
  bank_swift: formText(20),
  payee_name: formText(200),
  payee_account: formText(100),
  coin_type: formText(20),
  remark: formText(300),
  ...stepUpInput,
});
/** The method's fields as the bind form sends them, without the step-up proof. */
export type BindForm = Omit<Sent<typeof bindDrawMethodInput>, keyof typeof stepUpInput>;

export const drawInput = z.object({
  draw_currency_id: id,
  number: positiveAmount,
  memo: formText(300),
  /** The bound method of that currency to pay to; refused (not_bind) without one. */
  draw_method_id: id.optional(),
  ...stepUpInput,
});
export type DrawForm = Omit<Sent<typeof drawInput>, keyof typeof stepUpInput>;

/** A withdrawal request filed for review: the amount is held in lock_balance until paid or returned. */
export const withdrawalFiled = z.object({
  id: z.number().int(),
  /** Where it will be paid: the address, or the bank and account. */
  destination: z.string(),
});
export type WithdrawalFiled = z.infer<typeof withdrawalFiled>;

export const fundingEndpoints = {
  imageUpload: endpoint(api.imageUpload, {
    summary: 'Stores a picture (multipart file: JPEG, PNG or WebP, at most 5 MB) and returns its url',
    input: imageUploadInput,
    answer: uploadedImage,
    errors: [Code.REFUSED],
  }),
  chargeInfo: endpoint(api.chargeInfo, {
    summary: 'The deposit options: coin addresses, wire accounts and the external payment page',
    input: z.object({}),
    answer: depositOptions,
  }),
  chargeSubmit: endpoint(api.chargeSubmit, {
    summary: 'Files a coin deposit with its payment proof for review',
    input: coinDepositInput,
    answer: depositFiled,
    errors: [Code.REFUSED],
  }),
  wireSubmit: endpoint(api.wireSubmit, {
    summary: 'Files a wire deposit with its payment proof for review',
    input: wireDepositInput,
    answer: depositFiled,
    errors: [Code.REFUSED],
  }),
  chargeList: endpoint(api.chargeList, {
    summary: "A page of the trader's deposit requests, newest first, with the reason of a refused one",
    input: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
    answer: depositRecordPage,
  }),
  drawSymbolList: endpoint(api.drawSymbolList, {
    summary: 'The currencies one may withdraw to, of one type, with their fee terms and limits',
    input: z.object({ type: drawTypeInput }),
    answer: z.array(withdrawCurrency),
  }),
  getDrawMethod: endpoint(api.getDrawMethod, {
    summary: "The trader's bound withdrawal methods of one type, optionally of one currency",
    input: z.object({ draw_type: drawTypeInput, draw_id: id.optional() }),
    answer: z.array(drawMethod),
  }),
  bindDrawMethod: endpoint(api.bindDrawMethod, {
    summary: 'Binds a coin address or bank account to withdraw to, proven by a step-up code',
    input: bindDrawMethodInput,
    answer: drawMethod,
    errors: [Code.REFUSED],
  }),
  delDrawMethod: endpoint(api.delDrawMethod, {
    summary: "Deletes one of the trader's bound withdrawal methods",
    input: z.object({ id }),
    answer: nothing,
    errors: [Code.REFUSED],
  }),
  draw: endpoint(api.draw, {
    summary:
      'Asks to withdraw to a bound method, proven by a step-up code; the amount is held until reviewed',
    input: drawInput,
    answer: withdrawalFiled,
    errors: [Code.REFUSED],
  }),
  drawList: endpoint(api.drawList, {
    summary: "A page of the trader's withdrawal records of one type, newest first",
    input: z.object({ type: drawTypeInput, page: z.coerce.number().int().min(1).max(100_000).default(1) }),
    answer: withdrawRecordPage,
  }),
};
