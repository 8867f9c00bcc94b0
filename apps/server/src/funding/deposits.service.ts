import type { Language } from '@meridian/contract';
import { dec, Scale, toFixed } from '@meridian/core';
import type { Db } from '../db/client';
import { exact } from '../db/numeric';
import { refuse } from '../http/errors';
import { said } from '../http/route';
import type { User } from '../http/sessions';
import { translate } from '../i18n';
import { lockAccount, post } from '../ledger';
import type { PageInput } from '../operators';
import { review } from '../operators';
import { readSetting } from '../settings';
import { utcText } from '../util/time';
import { type DepositKind, enabledChannel, enabledChannels } from './catalog.repo';
import { decideDeposit, depositPage, insertDeposit, userDeposits } from './deposits.repo';
import { ReviewStatus } from './schema';
import { ownUpload, uploadPath } from './uploads.service';
import { isoOrNull } from './views';

/** SPEC.md §3 deposit options: coin addresses, wire accounts and the external payment page (empty when none). */
export async function depositOptions(db: Db) {
  const channels = await enabledChannels(db);
  return {
    coin: channels
      .filter((c) => c.kind === 'coin')
      .map((c) => ({
        id: c.id,
        currency_code: c.currencyCode,
        protocol_code: c.protocolCode,
        address: c.address,
        demo: c.demo,
      })),
    wire: channels
      .filter((c) => c.kind === 'wire')
      .map((c) => ({
        id: c.id,
        /** SPEC.md §3 "Deposit wire option: wire id", as wire_submit takes it back. */
        wire_id: c.id,
        currency_code: c.currencyCode,
        bank_name: c.bankName,
        account_name: c.accountName,
        account_number: c.accountNumber,
        swift: c.swift,
        bank_address: c.bankAddress,
        remark: c.remark,
        demo: c.demo,
      })),
    pay_url: await readSetting(db, 'payment_page_url'),
  };
}

export interface DepositRequest {
  kind: DepositKind;
  channelId: number;
  amount: string;
  proofImg: string;
  address: string;
}

/** A pending deposit with its proof, which must be one of the caller's own uploads. */
export async function requestDeposit(db: Db, user: User, request: DepositRequest) {
  const channel = await enabledChannel(db, request.channelId, request.kind);
  if (!channel) throw refuse('no_pay_way');
  const proof = await ownUpload(db, user.id, request.proofImg, 'proof_invalid');
  const row = await insertDeposit(db, {
    userId: user.id,
    channelId: channel.id,
    amount: request.amount,
    proofUploadId: proof.id,
    address: request.address,
  });
  return said({ id: row.id }, 'deposit_submitted');
}

export const DEPOSIT_PAGE_SIZE = 20;

const DEPOSIT_STATUS_KEY = {
  [ReviewStatus.pending]: 'deposit_waiting',
  [ReviewStatus.approved]: 'deposit_approved',
  [ReviewStatus.rejected]: 'deposit_refused',
} as const;

/** The trader's deposit records, newest first: amount, channel, time, status and the operator's reason once refused. */
export async function depositRecords(db: Db, user: User, page: number, lang: Language) {
  const { rows, total } = await userDeposits(db, user.id, { page, size: DEPOSIT_PAGE_SIZE });
  return {
    data: rows.map(({ deposit: d, channel: c }) => ({
      id: d.id,
      number: toFixed(d.amount, Scale.balance),
      kind: c.kind,
      channel: c.kind === 'coin' ? [c.currencyCode, c.protocolCode].filter(Boolean).join(' ') : c.bankName,
      status: d.status,
      status_name: translate(lang, DEPOSIT_STATUS_KEY[d.status]),
      created_at: utcText(d.createdAt),
      reason: d.status === ReviewStatus.rejected ? (d.reason ?? '') : '',
    })),
    total,
  };
}

/** Approval credits the amount to the balance with a `deposit` ledger row, audited, all in one transaction. */
export async function approveDeposit(db: Db, operatorId: number, id: number, at: Date) {
  await review(db, operatorId, {
    decide: (tx) => decideDeposit(tx, id, { status: ReviewStatus.approved, operatorId, reviewedAt: at }),
    async apply(tx, row) {
      await lockAccount(tx, row.userId);
      await post(tx, {
        userId: row.userId,
        account: 'balance',
        type: 'deposit',
        amount: dec(row.amount).toFixed(),
        refType: 'deposit',
        refId: row.id,
      });
    },
    audited: (row) => ({
      action: 'deposit.approve',
      targetType: 'deposit',
      targetId: id,
      before: { status: ReviewStatus.pending },
      after: { status: row.status, amount: exact(row.amount), user_id: row.userId },
    }),
  });
  return { id, status: ReviewStatus.approved };
}

export async function rejectDeposit(db: Db, operatorId: number, id: number, reason: string, at: Date) {
  await review(db, operatorId, {
    decide: (tx) =>
      decideDeposit(tx, id, { status: ReviewStatus.rejected, operatorId, reviewedAt: at, reason }),
    audited: (row) => ({
      action: 'deposit.reject',
      targetType: 'deposit',
      targetId: id,
      before: { status: ReviewStatus.pending },
      after: { status: row.status },
      reason,
    }),
  });
  return { id, status: ReviewStatus.rejected };
}

/** The back office's deposit queue, newest first. */
export async function depositQueue(db: Db, status: number | undefined, page: PageInput) {
  const { rows, total } = await depositPage(db, status, page);
  return {
    rows: rows.map(({ deposit: d, user, channel: c, proof }) => ({
      id: d.id,
      user,
      type: c.kind,
      channel: {
        id: c.id,
        currency_code: c.currencyCode,
        protocol_code: c.protocolCode,
        address: c.address,
        bank_name: c.bankName,
        account_number: c.accountNumber,
      },
      amount: exact(d.amount),
      address: d.address,
      proof_url: uploadPath(proof),
      status: d.status,
      reason: d.reason ?? '',
      operator_id: d.operatorId,
      created_at: d.createdAt.toISOString(),
      reviewed_at: isoOrNull(d.reviewedAt),
    })),
    total,
  };
}
