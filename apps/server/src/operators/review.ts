import type { Db, Tx } from '../db/client';
import { refuse } from '../http/errors';
import { type AuditEntry, audit } from './audit';

/** How one kind of request waiting for review (a deposit, a withdrawal, a verification) is decided. */
export interface Review<Row> {
  /** Records the decision on the row, only while it still waits; undefined when someone decided it first. */
  decide(tx: Tx): Promise<Row | undefined>;
  /** What the decision does besides (money moved under the account's lock, the user certified). */
  apply?(tx: Tx, row: Row): Promise<void>;
  /** The audit row that records it. */
  audited(row: Row): Omit<AuditEntry, 'operatorId'>;
}

/**
 * An operator's decision, its effect and its audit row, in one transaction: decided once (a second decision
 * of the same request is refused with `review_done`), never applied without its audit row.
 */
export function review<Row>(db: Db, operatorId: number, steps: Review<Row>): Promise<Row> {
  return db.transaction(async (tx) => {
    const row = await steps.decide(tx);
    if (!row) throw refuse('review_done');
    await steps.apply?.(tx, row);
    await audit(tx, { operatorId, ...steps.audited(row) });
    return row;
  });
}
