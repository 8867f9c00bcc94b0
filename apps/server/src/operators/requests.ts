import { dec } from '@meridian/core';
import type { Db, Tx } from '../db/client';
import { said } from '../http/route';
import { type AuditEntry, audit } from './audit';
import { operatorRequests } from './schema';

/** Changes that wait for a second operator above their threshold (admin/approvals.ts makes them). */
export type RequestKind = 'balance_adjust' | 'deposit_channel' | 'payment_page';
export const RequestStatus = { waiting: 0, approved: 1, rejected: 2 } as const;

/** Whether a change of `amount` USD (either way) needs a second operator: above FOUR_EYES_AMOUNT. */
export const aboveFourEyes = (amount: string, threshold: string) => dec(amount).abs().gt(threshold);

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
    after: { kind, payload },
    reason,
  });
  return said({ request_id: row!.id, status: RequestStatus.waiting }, 'approval_requested');
}
