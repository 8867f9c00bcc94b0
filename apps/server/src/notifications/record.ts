import type { NotificationKind } from '@meridian/contract';
import type { Db, Tx } from '../db/client';
import { type NotificationRow, notifications } from './schema';

/** One event a trader is told of; `ref` names the event, so that it is told once however often it is seen. */
export interface Notice {
  userId: number;
  kind: NotificationKind;
  params: Record<string, string>;
  ref: string | null;
}

/** Notices a statement records at most (five parameters each, under PostgreSQL's 65,535). */
const PER_STATEMENT = 1_000;

/** Records a notice (in the caller's transaction when given one); null when its event was recorded before. */
export async function recordNotice(db: Db | Tx, notice: Notice, at: Date): Promise<NotificationRow | null> {
  const [row] = await recordNotices(db, [notice], at);
  return row ?? null;
}

/** Records notices, a thousand to a statement (a gap's stops tell thousands at once); those seen before are left out. */
export async function recordNotices(db: Db | Tx, notices: Notice[], at: Date): Promise<NotificationRow[]> {
  const rows: NotificationRow[] = [];
  for (let i = 0; i < notices.length; i += PER_STATEMENT) {
    const values = notices.slice(i, i + PER_STATEMENT).map((notice) => ({ ...notice, createdAt: at }));
    rows.push(...(await db.insert(notifications).values(values).onConflictDoNothing().returning()));
  }
  return rows;
}
