import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
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
  const at = new Date(sessionPolicy(db).now());
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    ip: meta.ip,
    userAgent: meta.userAgent,
    createdAt: at,
    lastSeenAt: at,
  });
  return token;
}

/** How long a trader's session lives: `idleMs` unused, `maxMs` after sign-in whatever (SESSION_IDLE_DAYS, SESSION_MAX_DAYS). */
export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
  /** The app's clock: sessions (traders' and operators') are stamped and timed by it. */
  now: () => number;
}
const policies = new WeakMap<Db, SessionPolicy>();
/** Set by the platform for its database before anything runs; every session on that database follows it. */
export const setSessionPolicy = (db: Db, policy: SessionPolicy) => policies.set(db, policy);
export function sessionPolicy(db: Db): SessionPolicy {
  const policy = policies.get(db);
  if (!policy) throw new Error('no session policy for this database: startPlatform sets it');
  return policy;
}

/** The times a session live `at` was last used after and signed in after, as `LIVE_SESSION_SQL` takes them. */
export function liveSince(db: Db, at = sessionPolicy(db).now()): { seen: Date; created: Date } {
  const { idleMs, maxMs } = sessionPolicy(db);
  return { seen: new Date(at - idleMs), created: new Date(at - maxMs) };
}
/** Use is written back at most this often: a session in use is not rewritten at every call. */
const SEEN_EVERY_MS = 5 * 60_000;

/**
 * A session is live while not revoked, used after `seen` and signed in after `created` (timestamptz
 * parameters, `liveSince`); `s` is the sessions row. Shared by every statement that proves a session.
 */
export const LIVE_SESSION_SQL = (seen: string, created: string) =>
  `s.revoked_at is null and s.last_seen_at > ${seen} and s.created_at > ${created}`;

/** Every signed-in request asks this: prepared once per connection (see db/prepared.ts). */
const BY_TOKEN = statement(
  'user_for_token',
  ['text', 'timestamptz', 'timestamptz'],
  `select u.*, s.id as session_id, s.last_seen_at as session_seen from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1 and ${LIVE_SESSION_SQL('$2', '$3')} limit 1`,
);
const USER_COLUMNS = columnsOf(users);

/** A token as it may be looked up: present and of a sane length. */
const plausible = (token: string | undefined): token is string => !!token && token.length <= 200;

/** The user behind a live token, or null for a missing, unknown, revoked or disabled one. */
export async function userForToken(db: Db, token: string | undefined): Promise<User | null> {
  return plausible(token) ? userForHash(db, hashToken(token)) : null;
}

async function userForHash(db: Db, hash: string): Promise<User | null> {
  const now = sessionPolicy(db).now();
  const since = liveSince(db, now);
  const [raw] = await runPrepared(db, db, BY_TOKEN, [
    hash,
    since.seen.toISOString(),
    since.created.toISOString(),
  ]);
  const user = raw ? rowOf<User>(USER_COLUMNS, raw) : null;
  if (!user || user.disabled) return null;
  const seen = new Date(raw!.session_seen as string | Date).getTime();
  if (seen < now - SEEN_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, Number(raw!.session_id)));
  }
  return user;
}

/** A caller known by its session alone: the account and the session's token hash. */
export interface ClaimedSession {
  id: number;
  tokenHash: string;
}

/**
 * Per database, the account of each token seen live, by token hash: for calls whose own statement
 * proves the session again (an order's lock), which then need no lookup of their own. A token's
 * account never changes; whether its session is still live is what that statement proves.
 */
const seenSessions = new WeakMap<Db, Map<string, number>>();
/** Tokens remembered per database, the oldest forgotten first (about 100 bytes each). */
const SEEN_MAX = 100_000;

function seenOn(db: Db): Map<string, number> {
  let seen = seenSessions.get(db);
  if (!seen) {
    seen = new Map();
    seenSessions.set(db, seen);
  }
  return seen;
}

/**
 * The caller of a token, from the tokens seen live on this database, else looked up (null when it is
 * not live). Its session may have ended since it was seen: the caller's statement must prove it.
 */
export async function claimedSession(db: Db, token: string | undefined): Promise<ClaimedSession | null> {
  if (!plausible(token)) return null;
  const tokenHash = hashToken(token);
  const seen = seenOn(db);
  let id = seen.get(tokenHash);
  if (id === undefined) {
    const user = await userForHash(db, tokenHash);
    if (!user) return null;
    id = user.id;
    if (seen.size >= SEEN_MAX) seen.delete(seen.keys().next().value!);
    seen.set(tokenHash, id);
  }
  return { id, tokenHash };
}

/** A session its statement found ended: looked up again on its next call, and refused there. */
export function forgetSession(db: Db, tokenHash: string): void {
  seenSessions.get(db)?.delete(tokenHash);
}

/** The condition of a session joined with its user being live: not revoked, nor idle, nor too old, and the account not disabled. */
export function isLiveSession(db: Db): SQL {
  const { seen, created } = liveSince(db);
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.lastSeenAt, seen),
    gt(sessions.createdAt, created),
    eq(users.disabled, false),
  )!;
}

/** Of these token hashes, the ones whose session is still live (`isLiveSession`). */
export async function liveSessions(db: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ hash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, hashes), isLiveSession(db)));
  return new Set(rows.map((r) => r.hash));
}

export async function revokeSession(db: Db, token: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of the user not already ended, `at` then; returns how many it ended. */
export async function revokeUserSessions(db: Db | Tx, userId: number, at: Date): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** The user's newest `limit` sessions not revoked (idle or expired ones too), newest first. */
export function unrevokedSessions(db: Db, userId: number, limit: number) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      user_agent: sessions.userAgent,
      created_at: sessions.createdAt,
      last_seen_at: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.id))
    .limit(limit);
}

/** `authorization: <token>` as the spec's clients send it, or the usual `Bearer <token>`. */
export function tokenFromHeader(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  const token = raw?.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}
