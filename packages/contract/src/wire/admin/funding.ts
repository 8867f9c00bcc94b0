import { z } from 'zod';
import { Code } from '../../codes';
import { type AdminCall, adminEndpoint, type OperatorRole } from '../../endpoint';
import { adminPageInput, decimal, filedRequest, flag, id, isoTime, rowsPage } from '../fields';
import { depositKind, drawType, formText, fundingReviewStatus, withdrawFeeType } from '../funding';

/** The finance desk's calls; admin may make them too. */
const MONEY_ROLES = ['finance'] as const;

/** A non-negative amount as decimal text (fees, rates, limits): at most 15 digits and 8 decimals. */
const amountOrZero = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/);

/** Where a channel or currency stands in its list, smallest first. */
const sortInput = z.coerce.number().int().min(0).max(10_000).default(0);

/** Who a queue's item is about. */
export const queueTrader = z.object({ id: z.number().int(), uid: z.string(), email: z.string().nullable() });
export type QueueTrader = z.infer<typeof queueTrader>;

/** A deposit channel as the back office edits it. */
export const depositChannel = z.object({
  id: z.number().int(),
  kind: depositKind,
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  swift: z.string(),
  bank_address: z.string(),
  remark: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** A made-up account of the embedded demo's seed; cleared when an operator gives it a real destination. */
  demo: z.boolean(),
});
export type DepositChannel = z.infer<typeof depositChannel>;

export const depositChannelInput = z.object({
  /** Absent: a new channel. */
  id: id.optional(),
  kind: depositKind,
  currency_code: z.string().trim().min(1).max(20),
  protocol_code: formText(20),
  /** Required for a coin channel. */
  address: formText(200),
  bank_name: formText(200),
  account_name: formText(200),
  /** Required for a wire channel. */
  account_number: formText(100),
  swift: formText(20),
  bank_address: formText(300),
  remark: formText(300),
  enabled: flag.default(true),
  sort: sortInput,
});

/** A withdrawal currency as the back office edits it (disabled ones too). */
export const withdrawCurrencyRow = z.object({
  id: z.number().int(),
  type: drawType,
  code: z.string(),
  protocol: z.string(),
  draw_rate: decimal,
  fee_type: withdrawFeeType,
  usd_price: decimal,
  min: decimal,
  /** '0' when there is no maximum. */
  max: decimal,
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type WithdrawCurrencyRow = z.infer<typeof withdrawCurrencyRow>;

export const withdrawCurrencyInput = z.object({
  /** Absent: a new currency. */
  id: id.optional(),
  type: z.coerce.number().int().min(1).max(2).pipe(drawType),
  code: z.string().trim().min(1).max(20),
  protocol: formText(20),
  draw_rate: amountOrZero,
  fee_type: z.coerce.number().int().min(1).max(2).pipe(withdrawFeeType),
  usd_price: amountOrZero,
  min: amountOrZero,
  max: amountOrZero,
  enabled: flag.default(true),
  sort: sortInput,
});

/** A deposit waiting for (or past) review, with its channel and proof. */
export const depositQueueRow = z.object({
  id: z.number().int(),
  user: queueTrader,
  type: depositKind,
  channel: z.object({
    id: z.number().int(),
    currency_code: z.string(),
    protocol_code: z.string(),
    address: z.string(),
    bank_name: z.string(),
    account_number: z.string(),
  }),
  amount: decimal,
  /** The address the trader says they paid from (coin deposits), else ''. */
  address: z.string(),
  /** The payment proof, served to operators with their token. */
  proof_url: z.string(),
  status: fundingReviewStatus,
  /** Why it was rejected, else ''. */
  reason: z.string(),
  operator_id: z.number().int().nullable(),
  created_at: isoTime,
  /** Null while pending. */
  reviewed_at: isoTime.nullable(),
});
export type DepositQueueRow = z.infer<typeof depositQueueRow>;

/** A withdrawal waiting for (or past) review, with the destination and terms copied when it was asked. */
export const withdrawalQueueRow = z.object({
  id: z.number().int(),
  user: queueTrader,
  type: drawType,
  currency: z.object({ id: z.number().int(), code: z.string(), protocol: z.string() }),
  amount: decimal,
  fee: decimal,
  /** What the trader receives after the fee. */
  real_number: decimal,
  usd_price: decimal,
  address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  memo: z.string(),
  status: fundingReviewStatus,
  /** Why it was rejected (the operator's reason, or the platform's when returned to pay a loss), else ''. */
  reason: z.string(),
  /** Null while pending, and when the platform returned it. */
  operator_id: z.number().int().nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type WithdrawalQueueRow = z.infer<typeof withdrawalQueueRow>;

/** Real-name verification's review_status: 1 waiting, 2 certified, 3 rejected. */
const verificationStatus = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** A real-name verification waiting for (or past) review, with its ID pictures. */
export const verificationQueueRow = z.object({
  id: z.number().int(),
  user: queueTrader,
  name: z.string(),
  card_id: z.string(),
  front_url: z.string(),
  reverse_url: z.string(),
  status: verificationStatus,
  reason: z.string(),
  operator_id: z.number().int().nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type VerificationQueueRow = z.infer<typeof verificationQueueRow>;

/** The list input of every review queue: a page, and one status or every status. */
export const reviewListInput = adminPageInput.extend({
  status: z.coerce.number().int().min(0).max(9).optional(),
});
/** Approve: the item's id. */
export const reviewIdInput = z.object({ id });
/** Reject: the item's id and why, which the trader sees. */
export const reviewRejectInput = z.object({ id, reason: z.string().trim().min(1).max(500) });

/**
 * A review queue under `path` (GET the list, POST {path}/approve and {path}/reject): the list's row, and
 * the status an approval and a rejection leave.
 */
function reviewQueue<Row extends z.ZodType, Approved extends z.ZodType, Rejected extends z.ZodType>(
  queue: {
    path: string;
    roles: AdminCall['roles'];
    /** e.g. 'deposits' */
    items: string;
    /** e.g. 'Credits a pending deposit to the balance' */
    approves: string;
    rejects: string;
  },
  row: Row,
  approved: Approved,
  rejected: Rejected,
) {
  const { path, roles } = queue;
  return {
    list: adminEndpoint(
      { method: 'GET', path, roles },
      {
        summary: `A page of ${queue.items}, newest first, of one status or all`,
        input: reviewListInput,
        answer: rowsPage(row),
      },
    ),
    approve: adminEndpoint(
      { method: 'POST', path: `${path}/approve`, roles },
      {
        summary: queue.approves,
        input: reviewIdInput,
        answer: z.object({ id: z.number().int(), status: approved }),
        errors: [Code.REFUSED],
      },
    ),
    reject: adminEndpoint(
      { method: 'POST', path: `${path}/reject`, roles },
      {
        summary: queue.rejects,
        input: reviewRejectInput,
        answer: z.object({ id: z.number().int(), status: rejected }),
        errors: [Code.REFUSED],
      },
    ),
  };
}

const depositQueue = reviewQueue(
  {
    path: '/admin/api/deposits',
    roles: MONEY_ROLES,
    items: "traders' deposits",
    approves: 'Approves a pending deposit: its amount is credited to the balance',
    rejects: 'Rejects a pending deposit with a reason',
  },
  depositQueueRow,
  z.literal(1),
  z.literal(2),
);

const withdrawalQueue = reviewQueue(
  {
    path: '/admin/api/withdrawals',
    roles: MONEY_ROLES,
    items: "traders' withdrawals",
    approves: 'Marks a pending withdrawal paid: its amount leaves lock_balance',
    rejects: 'Rejects a pending withdrawal with a reason: its amount returns to the balance',
  },
  withdrawalQueueRow,
  z.literal(1),
  z.literal(2),
);

const SUPPORT_ROLES: readonly OperatorRole[] = ['support'];
const verificationQueue = reviewQueue(
  {
    path: '/admin/api/verifications',
    roles: SUPPORT_ROLES,
    items: "traders' real-name verifications",
    approves: 'Certifies a waiting real-name verification',
    rejects: 'Rejects a waiting real-name verification with a reason: the trader may submit again',
  },
  verificationQueueRow,
  z.literal(2),
  z.literal(3),
);

export const adminFundingEndpoints = {
  deposits: depositQueue.list,
  approveDeposit: depositQueue.approve,
  rejectDeposit: depositQueue.reject,
  withdrawals: withdrawalQueue.list,
  payWithdrawal: withdrawalQueue.approve,
  rejectWithdrawal: withdrawalQueue.reject,
  verifications: verificationQueue.list,
  approveVerification: verificationQueue.approve,
  rejectVerification: verificationQueue.reject,
  depositChannels: adminEndpoint(
    { method: 'GET', path: '/admin/api/deposit-channels', roles: MONEY_ROLES },
    {
      summary: 'Every deposit channel, disabled ones too, in their order',
      input: z.object({}),
      answer: z.array(depositChannel),
    },
  ),
  saveDepositChannel: adminEndpoint(
    { method: 'POST', path: '/admin/api/deposit-channels', roles: MONEY_ROLES },
    {
      summary:
        'Creates (no id) or edits a deposit channel; one that sends deposits somewhere new waits for a second operator',
      input: depositChannelInput,
      answer: z.union([depositChannel, filedRequest]),
      errors: [Code.REFUSED],
    },
  ),
  withdrawCurrencies: adminEndpoint(
    { method: 'GET', path: '/admin/api/withdraw-currencies', roles: MONEY_ROLES },
    {
      summary: 'Every withdrawal currency, disabled ones too, in their order',
      input: z.object({}),
      answer: z.array(withdrawCurrencyRow),
    },
  ),
  saveWithdrawCurrency: adminEndpoint(
    { method: 'POST', path: '/admin/api/withdraw-currencies', roles: MONEY_ROLES },
    {
      summary: 'Creates (no id) or edits a withdrawal currency',
      input: withdrawCurrencyInput,
      answer: withdrawCurrencyRow,
      errors: [Code.REFUSED],
    },
  ),
};
