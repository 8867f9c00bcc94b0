import type { Language } from '@meridian/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refuse } from '../http/errors';
import { pushSubscriptions } from './schema';
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

/** Stores a browser's subscription for the trader (again, with its keys and language, when known). */
export async function subscribe(db: Db, userId: number, target: PushTarget, lang: Language): Promise<null> {
  if (!knownPushService(target.endpoint)) throw refuse('push_endpoint_refused');
  const mine = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const known = mine.some((s) => s.endpoint === target.endpoint);
  if (!known && mine.length >= MAX_SUBSCRIPTIONS) throw refuse('push_limit', { max: MAX_SUBSCRIPTIONS });
  await db
    .insert(pushSubscriptions)
    .values({ userId, ...target, lang })
    // A browser signed in to another account moves to this one; its keys prove it is the same browser.
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, lang },
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
