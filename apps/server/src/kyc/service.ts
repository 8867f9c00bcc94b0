import type { Db } from '../db/client';
import { isoOrNull, ownUpload, uploadPath } from '../funding';
import { refuse } from '../http/errors';
import { said } from '../http/route';
import type { User } from '../http/sessions';
import { lockAccount } from '../ledger';
import type { PageInput } from '../operators';
import { review } from '../operators';
import {
  decideVerification,
  insertVerification,
  latestVerification,
  markUserReal,
  verificationPage,
} from './repo';
import { KycStatus } from './schema';

/** Shows only the ends of an ID number to the trader, e.g. AB******89. */
export function maskCardId(cardId: string): string {
  if (cardId.length <= 4) return '*'.repeat(cardId.length);
  return `${cardId.slice(0, 2)}${'*'.repeat(cardId.length - 4)}${cardId.slice(-2)}`;
}

/**
 * SPEC.md §4 review_status: 0 not submitted (the upload form), 1 waiting, any other value certified. A
 * rejected submission therefore reads 0, with the reason: the form again, never "Certified".
 */
export async function verificationCenter(db: Db, user: User) {
  const row = await latestVerification(db, user.id);
  return {
    review_status: !row || row.status === KycStatus.rejected ? KycStatus.none : row.status,
    name: row?.name ?? '',
    card_id: row ? maskCardId(row.cardId) : '',
    reason: row?.status === KycStatus.rejected ? (row.reason ?? '') : '',
  };
}

export interface Submission {
  name: string;
  cardId: string;
  frontPic: string;
  reversePic: string;
}

/** A new submission, only from "not submitted" or "rejected"; the user's row lock serializes double taps. */
export async function submitVerification(db: Db, user: User, submission: Submission) {
  const front = await ownUpload(db, user.id, submission.frontPic, 'pictures_invalid');
  const reverse = await ownUpload(db, user.id, submission.reversePic, 'pictures_invalid');
  return db.transaction(async (tx) => {
    await lockAccount(tx, user.id);
    const current = await latestVerification(tx, user.id);
    if (current && current.status !== KycStatus.rejected) throw refuse('kyc_not_allowed');
    await insertVerification(tx, {
      userId: user.id,
      name: submission.name,
      cardId: submission.cardId,
      frontUploadId: front.id,
      reverseUploadId: reverse.id,
      status: KycStatus.waiting,
    });
    return said({ review_status: KycStatus.waiting }, 'kyc_submitted');
  });
}

/** Certifies the submission and the user (is_real, verified name), audited, in one transaction. */
export async function approveVerification(db: Db, operatorId: number, id: number, at: Date) {
  await review(db, operatorId, {
    decide: (tx) => decideVerification(tx, id, { status: KycStatus.certified, operatorId, reviewedAt: at }),
    apply: (tx, row) => markUserReal(tx, row.userId, row.name),
    audited: (row) => ({
      action: 'verification.approve',
      targetType: 'verification',
      targetId: id,
      before: { status: KycStatus.waiting },
      after: { status: KycStatus.certified, user_id: row.userId, name: row.name },
    }),
  });
  return { id, status: KycStatus.certified };
}

export async function rejectVerification(db: Db, operatorId: number, id: number, reason: string, at: Date) {
  await review(db, operatorId, {
    decide: (tx) =>
      decideVerification(tx, id, { status: KycStatus.rejected, operatorId, reviewedAt: at, reason }),
    audited: (row) => ({
      action: 'verification.reject',
      targetType: 'verification',
      targetId: id,
      before: { status: KycStatus.waiting },
      after: { status: KycStatus.rejected, user_id: row.userId },
      reason,
    }),
  });
  return { id, status: KycStatus.rejected };
}

/** The support desk's queue: the full ID number and both pictures. */
export async function verificationQueue(db: Db, status: number | undefined, page: PageInput) {
  const { rows, total } = await verificationPage(db, status, page);
  return {
    rows: rows.map(({ verification: v, user, front, reverse }) => ({
      id: v.id,
      user,
      name: v.name,
      card_id: v.cardId,
      front_url: uploadPath(front),
      reverse_url: uploadPath(reverse),
      status: v.status,
      reason: v.reason ?? '',
      operator_id: v.operatorId,
      created_at: v.createdAt.toISOString(),
      reviewed_at: isoOrNull(v.reviewedAt),
    })),
    total,
  };
}
