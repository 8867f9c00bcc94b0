import type { Language } from '@meridian/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Secrets } from '../http/secrets';
import type { ErrorLog } from '../util/log';
import { addTo } from '../util/multimap';
import { vapidKeys } from './keys';
import { type PushSubscriptionRow, pushSubscriptions } from './schema';
import { forgetEndedSubscriptions, liveSubscriptionsOf } from './service';
import { pushRequest } from './webpush';

/** A push service that has not answered by then is given up on: the notification centre has it anyway. */
const PUSH_TIMEOUT_MS = 5_000;
/** The push service's answer for a subscription that no longer exists. */
const GONE = new Set([404, 410]);

/** A notification's title and text for one trader, in the language each browser subscribed in. */
export interface PushNotice {
  userId: number;
  text: (lang: Language) => { title: string; text: string };
}

/** Sends notifications to every browser of their traders. */
export interface PushSender {
  send(notices: PushNotice[]): void;
}

/**
 * Web Push to every subscription of the traders whose sign-in lives, fire and forget: each is encrypted for
 * its browser and signed with the server's VAPID key; one whose sign-in ended, or whose push service says
 * it is gone, is dropped. The subscriptions of a batch of notices (a gap's stops) are found in one read.
 */
export function webPushSender(db: Db, secrets: Secrets, subject: string, log: ErrorLog): PushSender {
  const sendAll = async (notices: PushNotice[]) => {
    const userIds = [...new Set(notices.map((n) => n.userId))];
    await forgetEndedSubscriptions(db, userIds);
    const targets = await liveSubscriptionsOf(db, userIds);
    if (targets.length === 0) return;
    const keys = await vapidKeys(db, secrets);
    const gone: number[] = [];
    const byUser = new Map<number, Set<PushSubscriptionRow>>();
    for (const target of targets) addTo(byUser, target.userId, target);
    const deliveries = notices.flatMap((notice) =>
      [...(byUser.get(notice.userId) ?? [])].map((target) => ({ target, notice })),
    );
    await Promise.all(
      deliveries.map(async ({ target, notice }) => {
        const { title, text: body } = notice.text(target.lang);
        const request = pushRequest(
          target,
          keys,
          subject,
          { title, body, url: '/notifications' },
          // The wall clock: the push service checks the VAPID token's expiry against real time.
          Date.now(),
        );
        try {
          const res = await fetch(target.endpoint, {
            ...request,
            signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
          });
          if (GONE.has(res.status)) gone.push(target.id);
        } catch (err) {
          log('web push not delivered', err);
        }
      }),
    );
    if (gone.length > 0)
      await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...new Set(gone)]));
  };
  return {
    send(notices) {
      if (notices.length === 0) return;
      sendAll(notices).catch((err) => log('web push failed', err));
    },
  };
}
