import { z } from 'zod';
import { Code } from '../../codes';
import { adminEndpoint, OPERATOR_ROLES } from '../../endpoint';
import { filedRequest, flag, id, isoTime } from '../fields';

/** An operator's own password: longer than a trader's, since it opens everyone's accounts. */
const operatorPassword = z.string().min(12).max(200);

/** What an operator must still do before the rest of the back office opens, or null. */
const pendingStep = z
  .enum(['operator_password_change_required', 'operator_totp_enrolment_required'])
  .nullable();

/** What the back office shows of an operator. */
const operator = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totp_enabled: z.boolean(),
  must_change_password: z.boolean(),
  /** Password change first, then TOTP enrolment where production requires it. */
  pending: pendingStep,
});
export type Operator = z.infer<typeof operator>;

const operatorRow = operator.extend({ disabled: z.boolean(), created_at: isoTime });
export type OperatorRow = z.infer<typeof operatorRow>;

const loginInput = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().min(1).max(200),
  /** The TOTP code, once the operator has enrolled. */
  totp: z.string().trim().max(8).optional(),
});
export type OperatorCredentials = z.input<typeof loginInput>;

const signedIn = z.object({ token: z.string(), operator });
export type OperatorSignedIn = z.infer<typeof signedIn>;

const passwordChange = z.object({
  current_password: z.string().min(1).max(200),
  new_password: operatorPassword,
});
export type OperatorPasswordChange = z.input<typeof passwordChange>;

const newOperator = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: operatorPassword,
  role: z.enum(OPERATOR_ROLES),
});
export type NewOperator = z.input<typeof newOperator>;

const totpSetup = z.object({ secret: z.string(), uri: z.string() });
export type OperatorTotpSetup = z.infer<typeof totpSetup>;

/** A new authenticator's code; replacing one already enrolled also takes the password and its current code. */
const totpEnable = z.object({
  code: z.string().trim().max(8),
  password: z.string().max(200).optional(),
  current_code: z.string().trim().max(8).optional(),
});
export type OperatorTotpEnable = z.input<typeof totpEnable>;

const roleChange = z.object({ id, role: z.enum(OPERATOR_ROLES) });
export type OperatorRoleChange = z.input<typeof roleChange>;

/** Signing in and out, who am I, one's own password and second factor; the operators themselves. */
export const adminOperatorEndpoints = {
  login: adminEndpoint(
    { method: 'POST', path: '/admin/api/login', roles: [] },
    {
      summary:
        'Public: signs an operator in with e-mail and password, then the TOTP code once enrolled ' +
        '(refused with data {totp_required: true} when it is missing); answers the token and the operator',
      input: loginInput,
      answer: signedIn,
      errors: [Code.REFUSED],
    },
  ),
  logout: adminEndpoint(
    { method: 'POST', path: '/admin/api/logout', roles: [], setup: true },
    { summary: "Ends the operator's session", input: z.object({}), answer: z.null() },
  ),
  me: adminEndpoint(
    { method: 'GET', path: '/admin/api/me', roles: [], setup: true },
    {
      summary: 'The signed-in operator, and what they must still do before the back office opens',
      input: z.object({}),
      answer: operator,
    },
  ),
  changePassword: adminEndpoint(
    { method: 'POST', path: '/admin/api/password', roles: [], setup: true },
    {
      summary: "Changes the operator's own password and ends their other sessions",
      input: passwordChange,
      answer: operator,
      errors: [Code.REFUSED],
    },
  ),
  totpSetup: adminEndpoint(
    { method: 'POST', path: '/admin/api/totp/setup', roles: [], setup: true },
    {
      summary: 'Starts TOTP enrolment: a new secret and its otpauth:// address, confirmed by totp/enable',
      input: z.object({}),
      answer: totpSetup,
    },
  ),
  totpEnable: adminEndpoint(
    { method: 'POST', path: '/admin/api/totp/enable', roles: [], setup: true },
    {
      summary:
        'Confirms TOTP enrolment with a current code of the new secret; replacing an enrolled one also takes ' +
        'the password and a current code of the old one (counted as a sign-in attempt); sessions opened ' +
        'with the password alone end',
      input: totpEnable,
      answer: operator,
      errors: [Code.REFUSED],
    },
  ),
  operators: adminEndpoint(
    { method: 'GET', path: '/admin/api/operators', roles: ['admin'] },
    { summary: 'Every operator, disabled ones too', input: z.object({}), answer: z.array(operatorRow) },
  ),
  createOperator: adminEndpoint(
    { method: 'POST', path: '/admin/api/operators/create', roles: ['admin'] },
    {
      summary:
        'Asks for an operator with a password they must change at first sign-in: filed for a second ' +
        "operator's approval (made at once only when the asker is the platform's only operator)",
      input: newOperator,
      answer: z.union([operator, filedRequest]),
      errors: [Code.REFUSED],
    },
  ),
  changeOperatorRole: adminEndpoint(
    { method: 'POST', path: '/admin/api/operators/role', roles: ['admin'] },
    {
      summary: "Asks for another role for an operator: filed for a second operator's approval",
      input: roleChange,
      answer: filedRequest,
      errors: [Code.REFUSED],
    },
  ),
  disableOperator: adminEndpoint(
    { method: 'POST', path: '/admin/api/operators/disable', roles: ['admin'] },
    {
      summary:
        "Disables another operator at once (ending their sessions), or asks to re-enable one: filed for a second operator's approval",
      input: z.object({ id, disabled: flag }),
      answer: z.union([z.object({ id: z.number().int(), disabled: z.boolean() }), filedRequest]),
      errors: [Code.REFUSED],
    },
  ),
};
