import { z } from 'zod';

/** Form fields arrive as text; an empty field means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const optionalId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional());
// Passwords are taken as typed (no trim); the length rule is checked with its own msg.
const password = z.string().max(200);
const loginType = z.enum(['email', 'mobile']);
/** 1 register, 2 reset (SPEC.md §7); 3 a signed-in trader's step-up code for moving money (accounts/step-up.ts). */
const codeType = z.coerce.string().pipe(z.enum(['1', '2', '3']));
const code = text(16);

export const registerInput = z.object({
  type: loginType,
  area_id: optionalId,
  account: text(254),
  password,
  re_password: password,
  invite_code: optionalText(32),
  sms_code: optionalText(16),
  key: optionalText(64),
  mobile: optionalText(32),
});

export const loginInput = z.object({
  login_type: loginType.default('email'),
  account: text(254),
  password: password.min(1),
  area_id: optionalId,
  totp: optionalText(8),
});

/** An authenticator app's code. */
export const codeInput = z.object({ code: z.string().trim().min(1).max(8) });

export const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

export const sendSmsInput = z.object({ to: optionalText(32), area_id: optionalId, type: codeType });
export const sendEmailInput = z.object({ to: optionalText(254), type: codeType });

export const forgetPasswordInput = z.object({
  type: loginType,
  account: text(254),
  area_id: optionalId,
  new_password: password,
  secondary_password: password,
  auth_code: code,
});

export const amendPasswordInput = z.object({
  new_password: password,
  auth_code: code,
  type: loginType.default('email'),
});

/**
 * Whether an id looks random enough to be a device's secret: at least 20 characters of letters and digits
 * (dashes and underscores aside), at least 8 of them different, and 80 bits by the alphabet it uses. A
 * uuid v4 has 122; 'device-0001' or a counter does not pass.
 */
export function randomEnough(id: string): boolean {
  const chars = id.replace(/[-_]/g, '');
  const alphabet = /^\d+$/.test(chars) ? 10 : /^[0-9a-f]+$/i.test(chars) ? 16 : 62;
  return chars.length >= 20 && new Set(chars).size >= 8 && chars.length * Math.log2(alphabet) >= 80;
}

/** The device uuid the client keeps in local storage (a uuid or another random opaque id of similar size). */
export const demoInput = z.object({
  demo_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/)
    .refine(randomEnough),
});

export const pageInput = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
