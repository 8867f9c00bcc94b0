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

/** Records a notice (in the caller's transaction when given one); null when its event was recorded before. */
export async function recordNotice(db: Db | Tx, notice: Notice, at: Date): Promise<NotificationRow | null> {
  const [row] = await db
    .insert(notifications)
    .values({ ...notice, createdAt: at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}
