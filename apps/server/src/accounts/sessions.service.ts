import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { refuse } from '../http/errors';
import { hashToken, liveSessions, type User } from '../http/sessions';
import { utcText } from '../util/time';

/** The devices signed in to the account: where from, with what, since when, last seen; `current` is this one. */
export async function listSessions(db: Db, user: User, token: string) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    // Of two last seen at the same moment, the newer sign-in first.
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(100);
  const live = await liveSessions(
    db,
    rows.map((r) => r.tokenHash),
  );
  const mine = hashToken(token);
  return rows
    .filter((r) => live.has(r.tokenHash))
    .map((r) => ({
      id: r.id,
      ip: r.ip ?? '',
      user_agent: r.userAgent ?? '',
      created_at: utcText(r.createdAt),
      last_seen_at: utcText(r.lastSeenAt),
      current: r.tokenHash === mine,
    }));
}

/** Signs one of the account's own devices out (this one too, if the trader picks it). */
export async function revokeOwnSession(db: Db, user: User, sessionId: number, at: Date): Promise<void> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!row) throw refuse('not_found');
}

/** Signs every device of the account out but this one. */
export async function revokeOtherSessions(db: Db, user: User, token: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), ne(sessions.tokenHash, hashToken(token))),
    );
}
