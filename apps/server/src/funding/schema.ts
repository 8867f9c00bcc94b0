import type { DepositKind, DrawType, FundingReviewStatus, WithdrawFeeType } from '@meridian/contract';
import { boolean, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { money } from '../db/columns';
import { users } from '../db/schema';
import { operators } from '../operators';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A request's review state: pending until an operator approves (paid) or rejects it, once. */
export const ReviewStatus = { pending: 0, approved: 1, rejected: 2 } as const satisfies Record<
  string,
  FundingReviewStatus
>;

/** Images traders uploaded (payment proofs, ID pictures): their bytes kept under `name` (funding/upload-store.ts), shown only to their owner and operators. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Random file name with the sniffed extension, e.g. 9f…e1.png. */
    name: text('name').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

/** PostgreSQL's bytea as a Buffer (the embedded database answers a Uint8Array). */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * The bytes of uploads in production mode, in the database every node reads (without S3_URL): what an
 * object store would keep, its type, size, owner and SHA-256 (what the picture was when it was sent).
 */
export const uploadBlobs = pgTable('upload_blobs', {
  name: text('name').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  content: bytes('content').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Where traders send money: coin addresses (kind 'coin') and bank wire accounts (kind 'wire'); operators edit them. */
export const depositChannels = pgTable('deposit_channels', {
  id: serial('id').primaryKey(),
  kind: text('kind').$type<DepositKind>().notNull(),
  currencyCode: text('currency_code').notNull(),
  protocolCode: text('protocol_code').notNull().default(''),
  address: text('address').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  accountName: text('account_name').notNull().default(''),
  accountNumber: text('account_number').notNull().default(''),
  swift: text('swift').notNull().default(''),
  bankAddress: text('bank_address').notNull().default(''),
  remark: text('remark').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** A made-up receiving account of the embedded demo's seed: traders are told not to send funds to it. */
  demo: boolean('demo').notNull().default(false),
});

/** A trader's deposit request with its proof; the amount is credited to the balance when approved. */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => depositChannels.id),
    amount: money('amount').notNull(),
    proofUploadId: integer('proof_upload_id')
      .notNull()
      .references(() => uploads.id),
    /** The address the trader says they paid to or from (coin deposits). */
    address: text('address').notNull().default(''),
    status: integer('status').$type<FundingReviewStatus>().notNull().default(0),
    reason: text('reason'),
    operatorId: integer('operator_id').references(() => operators.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('deposits_status_idx').on(t.status, t.id), index('deposits_user_idx').on(t.userId, t.id)],
);

/** What traders may withdraw to: type 1 coin, 2 bank; fee terms and limits; operators edit them. */
export const withdrawCurrencies = pgTable('withdraw_currencies', {
  id: serial('id').primaryKey(),
  type: integer('type').$type<DrawType>().notNull(),
  code: text('code').notNull(),
  protocol: text('protocol').notNull().default(''),
  drawRate: money('draw_rate').notNull().default('0'),
  feeType: integer('fee_type').$type<WithdrawFeeType>().notNull().default(1),
  usdPrice: money('usd_price').notNull().default('1'),
  min: money('min').notNull().default('0'),
  max: money('max').notNull().default('0'),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** A trader's bound withdrawal method: a coin address (type 1) or a bank account (type 2), for one currency. */
export const drawMethods = pgTable(
  'draw_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: integer('type').$type<DrawType>().notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => withdrawCurrencies.id),
    dcAddress: text('dc_address').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAddress: text('bank_address').notNull().default(''),
    bankSwift: text('bank_swift').notNull().default(''),
    payeeName: text('payee_name').notNull().default(''),
    payeeAccount: text('payee_account').notNull().default(''),
    coinType: text('coin_type').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('draw_methods_user_idx').on(t.userId, t.type)],
);

/**
 * A withdrawal request: the amount sits in lock_balance until paid or returned. Terms, fee and the
 * destination are copied at request time, so later edits or a deleted method change nothing.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => withdrawCurrencies.id),
    type: integer('type').$type<DrawType>().notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    received: money('received').notNull(),
    usdPrice: money('usd_price').notNull(),
    methodId: integer('method_id'),
    address: text('address').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAddress: text('bank_address').notNull().default(''),
    bankSwift: text('bank_swift').notNull().default(''),
    payeeName: text('payee_name').notNull().default(''),
    payeeAccount: text('payee_account').notNull().default(''),
    memo: text('memo').notNull().default(''),
    status: integer('status').$type<FundingReviewStatus>().notNull().default(0),
    reason: text('reason'),
    operatorId: integer('operator_id').references(() => operators.id),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_status_idx').on(t.status, t.id),
    index('withdrawals_user_idx').on(t.userId, t.type, t.id),
  ],
);
