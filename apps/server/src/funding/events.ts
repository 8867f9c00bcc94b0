import type { Tx } from '../db/client';
import { emit, topic } from '../outbox/outbox';
import { type deposits, ReviewStatus } from './schema';

/** A deposit or a withdrawal reviewed: approved (credited, paid) or refused (returned to the balance). */
export interface FundingReviewed {
  request: 'deposit' | 'withdrawal';
  id: number;
  userId: number;
  approved: boolean;
  /** The amount asked for, as stored (a decimal). */
  amount: string;
  /** The operator's reason for a refusal. */
  reason: string | null;
  /** Who reviewed it; null for a withdrawal the platform returned to pay a trading loss. */
  operatorId: number | null;
}

export const FUNDING_REVIEWED = topic<FundingReviewed>('funding.reviewed');

/** Emits a review (of a deposit or a withdrawal: the same columns) in its transaction. */
export const emitReviewed = (
  tx: Tx,
  request: FundingReviewed['request'],
  row: Pick<typeof deposits.$inferSelect, 'id' | 'userId' | 'status' | 'amount' | 'reason' | 'operatorId'>,
) =>
  emit(tx, FUNDING_REVIEWED, {
    request,
    id: row.id,
    userId: row.userId,
    approved: row.status === ReviewStatus.approved,
    amount: row.amount,
    reason: row.reason,
    operatorId: row.operatorId,
  });
