import type { Db, Tx } from '../db/client';
import { auditLog } from './schema';

export interface AuditEntry {
  operatorId: number;
  action: string;
  targetType: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Writes the audit row in the same transaction as the change it records. */
export async function audit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
