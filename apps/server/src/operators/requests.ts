import { type Dec, dec } from '@meridian/core';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { said } from '../http/route';
import type { MessageKey } from '../i18n';
import { type AuditEntry, audit } from './audit';
import { operatorRequests, operators } from './schema';

/**
 * Changes that wait for a second operator (admin/approvals.ts makes them): money and deposit routes above
 * their threshold, and every new operator, role change and re-enabled operator.
 */
export type RequestKind =
  | 'balance_adjust'
  | 'deposit_channel'
  | 'payment_page'
  | 'operator_create'
  | 'operator_role'
  | 'operator_enable';
export const RequestStatus = { waiting: 0, approved: 1, rejected: 2 } as const;

/** Whether a change of `amount` USD (either way) needs a second operator: above FOUR_EYES_AMOUNT. */
export const aboveFourEyes = (amount: Dec | string, threshold: string) => dec(amount).abs().gt(threshold);

/**
 * Locks an operator's row for the rest of the transaction: what they do that four eyes counts (their
 * adjustments of the day, the operators they add) is counted one call at a time.
 */
export async function lockOperator(tx: Tx, operatorId: number) {
  await tx.select({ id: operators.id }).from(operators).where(eq(operators.id, operatorId)).for('update');
}

/** What a request shows, in the queue and the audit log: a new operator's password hash stays in its row. */
export const shownPayload = (payload: unknown) => {
  const { passwordHash: _, ...shown } = payload as Record<string, unknown>;
  return shown;
};

/**
 * Files a change for a second operator instead of making it: the request and its audit row in one
 * transaction. The answer says it waits.
 */
export async function fileRequest(
  db: Db | Tx,
  actor: Pick<AuditEntry, 'operatorId'>,
  kind: RequestKind,
  payload: Record<string, unknown>,
  reason?: string,
  message: MessageKey = 'approval_requested',
) {
  const [row] = await db
    .insert(operatorRequests)
    .values({ kind, payload, reason, requestedBy: actor.operatorId })
    .returning();
  await audit(db, {
    ...actor,
    action: 'approval.request',
    targetType: 'operator_request',
    targetId: row!.id,
    after: { kind, payload: shownPayload(payload) },
    reason,
  });
  return said({ request_id: row!.id, status: RequestStatus.waiting }, message);
}
