import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { columnsOf, rowOf, runPrepared, statement } from '../db/prepared';
import { sessions, users } from '../db/schema';

export type User = typeof users.$inferSelect;

/** What a session is stored and known by: the token itself never is. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new opaque token for the user; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), ip: meta.ip, userAgent: meta.userAgent });
  return token;
}

/** Every signed-in request asks this: prepared once per connection (see db/prepared.ts). */
const BY_TOKEN = statement(
  'user_for_token',
  ['text'],
  `select u.* from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1 and s.revoked_at is null limit 1`,
);
const USER_COLUMNS = columnsOf(users);

/** The user behind a live token, or null for a missing, unknown, revoked or disabled one. */
export async function userForToken(db: Db, token: string | undefined): Promise<User | null> {
  if (!token || token.length > 200) return null;
  const [raw] = await runPrepared(db, db, BY_TOKEN, [hashToken(token)]);
  const user = raw ? rowOf<User>(USER_COLUMNS, raw) : null;
  return user && !user.disabled ? user : null;
}

/** Of these token hashes, the ones whose session is still live and whose account is not disabled. */
export async function liveSessions(db: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ hash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, hashes), isNull(sessions.revokedAt), eq(users.disabled, false)));
  return new Set(rows.map((r) => r.hash));
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** `authorization: <token>` as the spec's clients send it, or the usual `Bearer <token>`. */
export function tokenFromHeader(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  const token = raw?.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}
