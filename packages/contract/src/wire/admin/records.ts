import { z } from 'zod';
import { adminEndpoint } from '../../endpoint';
import { adminPageInput, decimal, filterText, isoTime, rowsPage } from '../fields';

/** A message the platform sent, with its one-time codes masked. */
const outboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: isoTime,
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

const auditEntry = z.object({
  id: z.number().int(),
  /** The operator's e-mail. */
  operator: z.string(),
  /** e.g. 'user.adjust_balance', 'operator.login'. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** What the change touched before and after, as recorded (JSON). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: isoTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;

const reconcileReport = z.object({
  /** Accounts checked. */
  checked: z.number().int(),
  /** Stored balances that are not the sum of their ledger rows. */
  differences: z.array(
    z.object({
      user_id: z.number().int(),
      uid: z.string(),
      account: z.enum(['balance', 'lock']),
      stored: decimal,
      ledger: decimal,
      difference: decimal,
    }),
  ),
  /** Orders and ledger rows that break a rule of the ledger. */
  issues: z.array(
    z.object({
      user_id: z.number().int(),
      uid: z.string(),
      kind: z.enum(['order_rows', 'balance_after', 'protection']),
      /** The order or ledger row at fault: 'order 12', 'ledger row 345'. */
      ref: z.string(),
      detail: z.string(),
    }),
  ),
});
export type ReconcileReport = z.infer<typeof reconcileReport>;

/** Read-only records: the messages sent, the operators' audit trail, the ledger's reconciliation. */
export const adminRecordEndpoints = {
  outbox: adminEndpoint(
    { method: 'GET', path: '/admin/api/outbox', roles: ['support'] },
    {
      summary: 'Messages the platform sent, newest first, by a fragment of the recipient (codes masked)',
      input: adminPageInput.extend({ recipient: filterText }),
      answer: rowsPage(outboxMessage),
    },
  ),
  audit: adminEndpoint(
    { method: 'GET', path: '/admin/api/audit', roles: ['admin'] },
    {
      summary: "The operators' audit trail, newest first, by operator, action prefix and target",
      input: adminPageInput.extend({
        operator: filterText,
        action: filterText,
        target_type: filterText,
        target_id: filterText,
      }),
      answer: rowsPage(auditEntry),
    },
  ),
  reconcile: adminEndpoint(
    { method: 'GET', path: '/admin/api/reconcile', roles: ['finance'] },
    {
      summary: 'Every balance against its ledger rows, every order and ledger row against the rules',
      input: z.object({}),
      answer: reconcileReport,
    },
  ),
};
