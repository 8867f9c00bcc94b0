import type { Language } from '@meridian/contract';
import { and, eq, exists, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneOf } from '../db/id-list';
import { sessions, users } from '../db/schema';
import { refuse } from '../http/errors';
import { hashToken, isLiveSession } from '../http/sessions';
import { type PushSubscriptionRow, pushSubscriptions } from './schema';
import type { PushTarget } from './webpush';

/** The push services of the browsers the app supports: the server posts to no other host a trader names. */
const PUSH_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
];
/** Browsers a trader may be notified on at once. */
const MAX_SUBSCRIPTIONS = 10;

const knownPushService = (endpoint: string) => {
  const { protocol, hostname } = new URL(endpoint);
  return (
    protocol === 'https:' &&
    PUSH_HOSTS.some((host) => (host.startsWith('.') ? hostname.endsWith(host) : hostname === host))
  );
};

/**
 * Whether a subscription's sign-in is live (`isLiveSession`), as a subquery of it. One stored before
 * subscriptions kept their sign-in has none, and counts as ended.
 */
const signInLive = (db: Db) =>
  db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, pushSubscriptions.sessionId),
        eq(sessions.userId, pushSubscriptions.userId),
        isLiveSession(db),
      ),
    );

/** The traders' subscriptions whose sign-in is live: the only ones pushed to. */
export function liveSubscriptionsOf(db: Db, userIds: readonly number[]): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(oneOf(pushSubscriptions.userId, userIds), exists(signInLive(db))));
}

/** Forgets the traders' subscriptions whose sign-in ended: signed out, revoked, expired or the account disabled. */
export async function forgetEndedSubscriptions(db: Db, userIds: readonly number[]): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(oneOf(pushSubscriptions.userId, userIds), notExists(signInLive(db))));
}

/**
 * Stores a browser's subscription for the trader and the sign-in of `token` (again, with its keys and
 * language, when known): it is pushed to while that sign-in lives.
 */
export async function subscribe(
  db: Db,
  caller: { userId: number; token: string },
  target: PushTarget,
  lang: Language,
): Promise<null> {
  const { userId } = caller;
  if (!knownPushService(target.endpoint)) throw refuse('push_endpoint_refused');
  // Ended ones do not count against the limit.
  await forgetEndedSubscriptions(db, [userId]);
  const mine = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const known = mine.some((s) => s.endpoint === target.endpoint);
  if (!known && mine.length >= MAX_SUBSCRIPTIONS) throw refuse('push_limit', { max: MAX_SUBSCRIPTIONS });
  const sessionId = sql`(select ${sessions.id} from ${sessions}
    where ${sessions.tokenHash} = ${hashToken(caller.token)} and ${sessions.userId} = ${userId})`;
  await db
    .insert(pushSubscriptions)
    .values({ userId, sessionId, ...target, lang })
    // A browser signed in to another account moves to this one; its keys prove it is the same browser.
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, sessionId, lang },
      setWhere: and(eq(pushSubscriptions.p256dh, target.p256dh), eq(pushSubscriptions.auth, target.auth)),
    });
  return null;
}

/** Forgets one of the trader's subscriptions; another's endpoint changes nothing. */
export async function unsubscribe(db: Db, userId: number, endpoint: string): Promise<null> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return null;
}
