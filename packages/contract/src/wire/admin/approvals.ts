import { z } from 'zod';
import { Code } from '../../codes';
import { adminEndpoint, OPERATOR_ROLES } from '../../endpoint';
import { isoTime, rowsPage } from '../fields';
import { reviewIdInput, reviewListInput, reviewRejectInput } from './funding';

/** 0 waiting, 1 approved (and made), 2 rejected. */
const requestStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A deposit channel as the request carries it (the server's column names). */
const channelValues = z.object({
  kind: z.enum(['coin', 'wire']),
  currencyCode: z.string(),
  protocolCode: z.string(),
  address: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  swift: z.string(),
  bankAddress: z.string(),
  remark: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});

const request = z.object({
  id: z.number().int(),
  /** Why it was asked, or ''. */
  reason: z.string(),
  /** The e-mail of the operator who asked. */
  requested_by: z.string(),
  requested_by_id: z.number().int(),
  status: requestStatus,
  decided_by_id: z.number().int().nullable(),
  /** What the change gave when it was approved, or {reason} once rejected; null while it waits. */
  outcome: z.object({ reason: z.string().optional() }).nullable(),
  created_at: isoTime,
  decided_at: isoTime.nullable(),
});

const approval = z.discriminatedUnion('kind', [
  request.extend({
    kind: z.literal('balance_adjust'),
    /** Signed amount. */
    payload: z.object({ userId: z.number().int(), amount: z.string(), reason: z.string() }),
  }),
  request.extend({
    kind: z.literal('deposit_channel'),
    /** A channel to create (no id) or edit. */
    payload: z.object({ id: z.number().int().optional(), values: channelValues }),
  }),
  request.extend({
    kind: z.literal('payment_page'),
    /** The deposit screen's new external payment page, '' to hide it. */
    payload: z.object({ url: z.string() }),
  }),
  request.extend({
    kind: z.literal('operator_create'),
    /** The new operator (its password is kept as a hash and not shown). */
    payload: z.object({ email: z.string(), role: z.enum(OPERATOR_ROLES) }),
  }),
  request.extend({
    kind: z.literal('operator_role'),
    payload: z.object({
      operatorId: z.number().int(),
      email: z.string(),
      role: z.enum(OPERATOR_ROLES),
      previousRole: z.enum(OPERATOR_ROLES),
    }),
  }),
  request.extend({
    kind: z.literal('operator_enable'),
    /** A disabled operator to enable again. */
    payload: z.object({ operatorId: z.number().int(), email: z.string() }),
  }),
]);
export type Approval = z.infer<typeof approval>;

/**
 * Four eyes: changes waiting for a second operator, a review queue like funding's; finance and admin decide
 * them, but not their own, nor one about themselves, nor one filed before they got their role.
 */
export const adminApprovalEndpoints = {
  approvals: adminEndpoint(
    { method: 'GET', path: '/admin/api/approvals', roles: ['finance'] },
    {
      summary: 'Changes filed for a second operator, newest first, of one status or all',
      input: reviewListInput,
      answer: rowsPage(approval),
    },
  ),
  approveRequest: adminEndpoint(
    { method: 'POST', path: '/admin/api/approvals/approve', roles: ['finance'] },
    {
      summary:
        'Approves a waiting change filed by another operator, about someone else, after the approver got their ' +
        'role: it is made now; answers what it gave',
      input: reviewIdInput,
      answer: z.object({ id: z.number().int(), status: z.literal(1), outcome: z.unknown() }),
      errors: [Code.REFUSED],
    },
  ),
  rejectRequest: adminEndpoint(
    { method: 'POST', path: '/admin/api/approvals/reject', roles: ['finance'] },
    {
      summary: 'Rejects a waiting change (or its author withdraws it): nothing is changed',
      input: reviewRejectInput,
      answer: z.object({ id: z.number().int(), status: z.literal(2) }),
      errors: [Code.REFUSED],
    },
  ),
};
