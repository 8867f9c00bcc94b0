import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint } from '../endpoint';
import { charCodes, patterned } from '../randomness';
import { LEDGER_TYPES } from '../statements';
import { decimal, id, nothing, optionalId, optionalText, page, pageInput, text, utcTime } from './fields';
import { ledgerFilters } from './statements';

/** A call that reads nothing beyond the caller's session. */
const noInput = z.object({});

// Passwords are taken as typed (no trim); the length rule is checked with its own msg.
const password = z.string().max(200);
/** How an account signs in: its e-mail or its mobile number. */
const loginType = z.enum(['email', 'mobile']);
export type LoginType = z.infer<typeof loginType>;
/** 1 register, 2 reset (SPEC.md §7); 3 a signed-in trader's step-up code for moving money. */
const codeType = z.coerce.string().pipe(z.enum(['1', '2', '3']));
/** A code sent by e-mail or SMS. */
const sentCode = text(16);
/** 0 or 1, as SPEC.md §3 gives the user's flags. */
const flag = z.union([z.literal(0), z.literal(1)]);

/**
 * Whether an id looks random enough to be a device's secret: at least 20 characters of letters and digits
 * (dashes and underscores aside), 80 bits by the alphabet it uses, and no pattern a person or a counter
 * makes (at least 8 different characters and 8 different steps between neighbours, no part written
 * twice). A uuid v4 has 122 bits; 'device-0001', 'abcdefghijklmnopqrst' or a counter does not pass.
 */
export function randomEnough(id: string): boolean {
  const chars = id.replace(/[-_]/g, '');
  const alphabet = /^\d+$/.test(chars) ? 10 : /^[0-9a-f]+$/i.test(chars) ? 16 : 62;
  return chars.length >= 20 && chars.length * Math.log2(alphabet) >= 80 && !patterned(charCodes(chars), 8);
}

// ---------------------------------------------------------------------------------------------------
// Answers

/** The user object of SPEC.md §3 as /api/user/info, sign-up and the sign-in results give it. */
export const traderUser = z.object({
  id: z.number().int(),
  /** The public account number: 8 digits. */
  uid: z.string(),
  /** 1 for a demo (mock) account. */
  is_demo: flag,
  /** 1 once the trader's identity is certified. */
  is_real: flag,
  /** '' until known. */
  name: z.string(),
  /** '' for an account without one (a phone or demo account). */
  email: z.string(),
  /** '' for an account without one. */
  mobile: z.string(),
  /** The area (dialling code) of `mobile`, as the area list numbers it; null without a mobile. */
  area_id: z.number().int().nullable(),
  invite_code: z.string(),
  /** 1 when the trader signs in, and moves money, with an authenticator app's code. */
  totp_enabled: flag,
});
export type User = z.infer<typeof traderUser>;

/** A sign-in: the session token for the authorization header, and who it is. */
export const loginResult = z.object({ token: z.string().min(1), user: traderUser });
export type LoginResult = z.infer<typeof loginResult>;

/** SPEC.md §3 captcha: its id (sent back as `key`) and the image as a data URL. */
export const captcha = z.object({ id: z.string().min(1), b64s: z.string().startsWith('data:image/') });
export type Captcha = z.infer<typeof captcha>;

/** A device signed in to the account; `current` is this one. */
export const deviceSession = z.object({
  id: z.number().int(),
  /** '' when not known. */
  ip: z.string(),
  /** '' when not known. */
  user_agent: z.string(),
  created_at: utcTime,
  last_seen_at: utcTime,
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;

/** A new authenticator secret (base32) and the otpauth:// address an authenticator app opens or scans. */
export const totpSetup = z.object({ secret: z.string().min(1), uri: z.string().startsWith('otpauth://') });
export type TotpSetup = z.infer<typeof totpSetup>;

/** The wallet balance, 2 decimals. */
export const walletBalance = z.object({ balance: decimal });
export type WalletBalance = z.infer<typeof walletBalance>;

/** SPEC.md §3 account detail, and what may be withdrawn now (TRADING.md "Funding"). */
export const accountDetail = z.object({
  balance: decimal,
  lock_balance: decimal,
  /** What may be withdrawn now: min(cash, free margin), 0 during a margin call, rounded down to 2 decimals. */
  withdrawable: decimal,
});
export type AccountDetail = z.infer<typeof accountDetail>;

/** SPEC.md §3 ledger row: the signed amount, what it was (in the caller's language) and when. */
export const ledgerRow = z.object({
  Id: z.number().int(),
  Value: decimal,
  MemoTran: z.string(),
  CreatedAtTran: utcTime,
  /** Beyond SPEC: what the row records (TRADING.md "Ledger"), so a screen can tell margin from profit and loss. */
  Type: z.enum(LEDGER_TYPES),
  /**
   * Beyond SPEC: the part of Value that is margin held (negative) or given back (positive): all of a
   * trade_margin row and of a pending_refund (a pending order's margin and fee), the margin in a
   * trade_settle (the rest is the position's P&L); '0.00' on other rows.
   */
  Margin: decimal,
});
export type LedgerRow = z.infer<typeof ledgerRow>;
export const ledgerPage = page(ledgerRow);
export type LedgerPage = z.infer<typeof ledgerPage>;

/** The caller's invite code and how many accounts registered with it (the link is built by the client). */
export const inviteInfo = z.object({ invite_code: z.string(), invited: z.number().int().min(0) });
export type InviteInfo = z.infer<typeof inviteInfo>;

// ---------------------------------------------------------------------------------------------------
// Inputs

export const registerInput = z.object({
  type: loginType,
  area_id: optionalId,
  account: text(254),
  password,
  re_password: password,
  invite_code: optionalText(32),
  /** The e-mail or SMS code; in captcha mode (verify_reg_type 2) the captcha's answer. */
  sms_code: optionalText(16),
  /** The captcha id in captcha mode. */
  key: optionalText(64),
  /** An e-mail sign-up's optional contact phone (the is_show_mobile inputs), in area `area_id`. */
  mobile: optionalText(32),
});

export const loginInput = z.object({
  login_type: loginType.default('email'),
  account: text(254),
  password: password.min(1),
  area_id: optionalId,
  /** The authenticator app's code, for an account that has turned it on (asked for by totp_required). */
  totp: optionalText(8),
});

/** Omitted `to`: the signed-in user's own address (always so for type 3). */
export const sendSmsInput = z.object({ to: optionalText(32), area_id: optionalId, type: codeType });
export const sendEmailInput = z.object({ to: optionalText(254), type: codeType });

export const forgetPasswordInput = z.object({
  type: loginType,
  account: text(254),
  area_id: optionalId,
  new_password: password,
  secondary_password: password,
  auth_code: sentCode,
});

export const amendPasswordInput = z.object({
  new_password: password,
  auth_code: sentCode,
  /** Where the code was sent: the user's own e-mail (default) or phone. */
  type: loginType.default('email'),
});

/** The device uuid the client keeps in local storage (a uuid or another random opaque id of similar size). */
export const demoInput = z.object({
  demo_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/)
    .refine(randomEnough),
});

/** An authenticator app's code. */
export const totpCodeInput = z.object({ code: z.string().trim().min(1).max(8) });
/** Turning the authenticator on takes the account's password too: a session alone must not enrol a thief's app. */
export const totpEnableInput = totpCodeInput.extend({ password: z.string().min(1).max(128) });

// ---------------------------------------------------------------------------------------------------

export const accountsEndpoints = {
  captcha: endpoint(api.captcha, {
    summary: 'A new image captcha for sign-up in captcha mode (verify_reg_type 2)',
    input: noInput,
    answer: captcha,
  }),
  register: endpoint(api.register, {
    summary: 'Opens a real account with an e-mail or mobile number, checked by a sent code or a captcha',
    input: registerInput,
    answer: traderUser,
    errors: [Code.REFUSED],
  }),
  sendSms: endpoint(api.sendSms, {
    summary:
      'Sends a one-time code by SMS: to register, to reset a password, or a step-up before money moves',
    input: sendSmsInput,
    answer: nothing,
    errors: [Code.REFUSED],
  }),
  sendEmail: endpoint(api.sendEmail, {
    summary:
      'Sends a one-time code by e-mail: to register, to reset a password, or a step-up before money moves',
    input: sendEmailInput,
    answer: nothing,
    errors: [Code.REFUSED],
  }),
  userInfo: endpoint(api.userInfo, {
    summary: 'The signed-in user',
    input: noInput,
    answer: traderUser,
  }),
  login: endpoint(api.login, {
    summary: "Signs in with e-mail or mobile and password (and the authenticator's code once asked for)",
    input: loginInput,
    answer: loginResult,
    errors: [Code.REFUSED],
  }),
  logout: endpoint(api.logout, {
    summary: 'Signs this session out',
    input: noInput,
    answer: nothing,
  }),
  forgetPassword: endpoint(api.forgetPassword, {
    summary: 'Sets a new password with a reset code and signs the account out everywhere',
    input: forgetPasswordInput,
    answer: nothing,
    errors: [Code.REFUSED],
  }),
  amendPassword: endpoint(api.amendPassword, {
    summary: "Sets a signed-in user's new password with a reset code sent to their own address",
    input: amendPasswordInput,
    answer: nothing,
    errors: [Code.REFUSED],
  }),
  createDemo: endpoint(api.createDemo, {
    summary: "Signs in to the device's demo account, created and funded on first use",
    input: demoInput,
    answer: loginResult,
    errors: [Code.REFUSED],
  }),
  resetDemo: endpoint(api.resetDemo, {
    summary: "Closes the demo account's orders and sets its balance back to the starting balance",
    input: noInput,
    answer: walletBalance,
    errors: [Code.REFUSED],
  }),
  sessionList: endpoint(api.sessionList, {
    summary: 'The devices signed in to the account, most recently seen first',
    input: noInput,
    answer: z.array(deviceSession),
  }),
  sessionRevoke: endpoint(api.sessionRevoke, {
    summary: "Signs one of the account's devices out",
    input: z.object({ id }),
    answer: nothing,
    errors: [Code.REFUSED],
  }),
  sessionRevokeOthers: endpoint(api.sessionRevokeOthers, {
    summary: 'Signs out every device of the account but this one',
    input: noInput,
    answer: nothing,
  }),
  totpSetup: endpoint(api.totpSetup, {
    summary: "A new secret for the trader's authenticator app, kept until a code from it turns it on",
    input: noInput,
    answer: totpSetup,
    errors: [Code.REFUSED],
  }),
  totpEnable: endpoint(api.totpEnable, {
    summary: "Turns the second factor on with a code from the secret being set up and the account's password",
    input: totpEnableInput,
    answer: nothing,
    errors: [Code.REFUSED],
  }),
  totpDisable: endpoint(api.totpDisable, {
    summary: 'Turns the second factor off with a current code from it',
    input: totpCodeInput,
    answer: nothing,
    errors: [Code.REFUSED],
  }),
  balance: endpoint(api.balance, {
    summary: "The account's balance",
    input: noInput,
    answer: walletBalance,
  }),
  forexDetail: endpoint(api.forexDetail, {
    summary: "The account's balance, the amount locked, and what may be withdrawn now",
    input: noInput,
    answer: accountDetail,
  }),
  ledger: endpoint(api.ledger, {
    summary:
      "A page of the account's ledger, newest first; optionally only from, to (UTC days, inclusive), of an instrument's orders (forex_id) or of one type",
    input: pageInput.extend(ledgerFilters.shape),
    answer: ledgerPage,
  }),
  inviteInfo: endpoint(api.inviteInfo, {
    summary: "The caller's invite code and how many accounts registered with it",
    input: noInput,
    answer: inviteInfo,
  }),
};
