import { z } from 'zod';
import { Code } from '../../codes';
import { adminEndpoint } from '../../endpoint';
import { CLOSE_REASONS } from '../../orders';
import { adminPageInput, decimal, filedRequest, filterText, flag, id, isoTime, rowsPage } from '../fields';
import { orderStatus } from '../trading';

/** Everyone who answers traders may look them up. */
const READERS = ['support', 'finance', 'risk'] as const;
const reason = z.string().trim().min(1).max(500);
/** A signed, non-zero amount with at most 8 decimals, as text. */
const amount = z
  .string()
  .trim()
  .regex(/^-?\d{1,15}(\.\d{1,8})?$/)
  .refine((v) => !/^-?0+(\.0+)?$/.test(v));

const userRow = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  name: z.string().nullable(),
  is_demo: z.boolean(),
  disabled: z.boolean(),
  balance: decimal,
  lock_balance: decimal,
  created_at: isoTime,
});
export type UserRow = z.infer<typeof userRow>;

/** SPEC.md §4 review_status: 0 not submitted, 1 waiting, 2 certified, 3 rejected. */
const reviewStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

const submission = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked for roles that do not review identities. */
  card_id: z.string(),
  status: reviewStatus,
  /** Why it was rejected, or ''. */
  reason: z.string(),
  /** Who decided it. */
  operator: z.string().nullable(),
  /** Null for roles that do not review identities. */
  front_url: z.string().nullable(),
  reverse_url: z.string().nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type KycSubmission = z.infer<typeof submission>;

const userDetail = userRow.extend({
  login_type: z.string(),
  invite_code: z.string(),
  verification: z.object({ status: reviewStatus, is_real: z.boolean(), submissions: z.array(submission) }),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      created_at: isoTime,
      last_seen_at: isoTime,
    }),
  ),
  logins: z.array(
    z.object({
      id: z.number().int(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      success: z.boolean(),
      created_at: isoTime,
    }),
  ),
});
export type UserDetail = z.infer<typeof userDetail>;

const ledgerRow = z.object({
  id: z.number().int(),
  account: z.enum(['balance', 'lock']),
  /** deposit, withdraw_lock, trade_margin, operator_adjust, … */
  type: z.string(),
  amount: decimal,
  balance_after: decimal,
  ref_type: z.string().nullable(),
  ref_id: z.number().int().nullable(),
  note: z.string().nullable(),
  created_at: isoTime,
});
export type UserLedgerRow = z.infer<typeof ledgerRow>;

const userOrderRow = z.object({
  id: z.number().int(),
  show_code: z.string(),
  /** 1 buy, 2 sell. */
  side: z.union([z.literal(1), z.literal(2)]),
  status: orderStatus,
  lots: decimal,
  leverage: z.number().int(),
  price: decimal,
  margin: decimal,
  fee: decimal,
  /** Floating P&L at the latest price while holding (its swap included), realised once closed, null while pending. */
  profit: decimal.nullable(),
  /** Swap accrued while holding, settled apart from the realised P&L once closed. */
  swap: decimal,
  close_reason: z.enum(CLOSE_REASONS).nullable(),
  created_at: isoTime,
  closed_at: isoTime.nullable(),
});
export type UserOrderRow = z.infer<typeof userOrderRow>;

export const adminUserEndpoints = {
  users: adminEndpoint(
    { method: 'GET', path: '/admin/api/users', roles: READERS },
    {
      summary: 'Traders, newest first, found by a fragment of e-mail or mobile or by exact uid',
      input: adminPageInput.extend({ q: filterText }),
      answer: rowsPage(userRow),
    },
  ),
  userDetail: adminEndpoint(
    { method: 'GET', path: '/admin/api/users/detail', roles: READERS },
    {
      summary:
        "A trader's profile, verification, live sessions and recent sign-ins (ID number and pictures for the roles that review them)",
      input: z.object({ id }),
      answer: userDetail,
      errors: [Code.REFUSED],
    },
  ),
  userLedger: adminEndpoint(
    { method: 'GET', path: '/admin/api/users/ledger', roles: READERS },
    {
      summary: "A page of a trader's ledger rows, newest first",
      input: adminPageInput.extend({ id }),
      answer: rowsPage(ledgerRow),
    },
  ),
  userOrders: adminEndpoint(
    { method: 'GET', path: '/admin/api/users/orders', roles: READERS },
    {
      summary:
        "A page of a trader's orders, newest first, of one status or all; holding ones marked at the latest price",
      input: adminPageInput.extend({ id, status: z.coerce.number().pipe(orderStatus).optional() }),
      answer: rowsPage(userOrderRow),
    },
  ),
  disableUser: adminEndpoint(
    { method: 'POST', path: '/admin/api/users/disable', roles: ['support'] },
    {
      summary: 'Disables a trader (ending every session at once) or enables them again',
      input: z.object({ id, disabled: flag, reason: reason.optional() }),
      answer: z.object({ id: z.number().int(), disabled: z.boolean() }),
      errors: [Code.REFUSED],
    },
  ),
  revokeUserSessions: adminEndpoint(
    { method: 'POST', path: '/admin/api/users/revoke-sessions', roles: ['support'] },
    {
      summary: 'Ends every live session of a trader; answers how many',
      input: z.object({ id }),
      answer: z.object({ revoked: z.number().int() }),
      errors: [Code.REFUSED],
    },
  ),
  adjustBalance: adminEndpoint(
    { method: 'POST', path: '/admin/api/users/adjust', roles: ['finance'] },
    {
      summary:
        "Credits or debits a trader's balance (never below zero); above FOUR_EYES_AMOUNT it is filed for a second operator instead",
      input: z.object({ id, amount, reason }),
      answer: z.union([z.object({ balance: decimal }), filedRequest]),
      errors: [Code.REFUSED],
    },
  ),
  closeUserOrder: adminEndpoint(
    { method: 'POST', path: '/admin/api/orders/close', roles: ['risk', 'support'] },
    {
      summary: "Closes a trader's position at the market",
      input: z.object({ id, reason: reason.optional() }),
      answer: z.object({ id: z.number().int(), status: orderStatus }),
      errors: [Code.REFUSED],
    },
  ),
};
