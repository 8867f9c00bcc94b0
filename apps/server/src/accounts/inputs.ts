import { z } from 'zod';

/** Form fields arrive as text; an empty field means "not given". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const optionalId = z.preprocess(blankToUndefined, z.coerce.number().int().positive().optional());
// Passwords are taken as typed (no trim); the length rule is checked with its own msg.
const password = z.string().max(200);
const loginType = z.enum(['email', 'mobile']);
const codeType = z.coerce.string().pipe(z.enum(['1', '2']));
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
});

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

/** The device uuid the client keeps in local storage (a uuid or another opaque id of similar size). */
export const demoInput = z.object({
  demo_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/),
});

export const pageInput = z.object({
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
