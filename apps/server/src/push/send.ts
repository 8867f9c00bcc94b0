import type { Language } from '@meridian/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Secrets } from '../http/secrets';
import type { ErrorLog } from '../util/log';
import { vapidKeys } from './keys';
import { pushSubscriptions } from './schema';
import { forgetEndedSubscriptions, liveSubscriptionsOf } from './service';
import { pushRequest } from './webpush';

/** A push service that has not answered by then is given up on: the notification centre has it anyway. */
const PUSH_TIMEOUT_MS = 5_000;
/** The push service's answer for a subscription that no longer exists. */
const GONE = new Set([404, 410]);

/** Sends a notification's title and text to each browser of a trader, in the language each subscribed in. */
export interface PushSender {
  send(userId: number, text: (lang: Language) => { title: string; text: string }): void;
}

/**
 * Web Push to every subscription of the trader whose sign-in lives, fire and forget: each is encrypted for
 * its browser and signed with the server's VAPID key; one whose sign-in ended, or whose push service says
 * it is gone, is dropped.
 */
export function webPushSender(db: Db, secrets: Secrets, subject: string, log: ErrorLog): PushSender {
  const sendAll = async (userId: number, text: (lang: Language) => { title: string; text: string }) => {
    await forgetEndedSubscriptions(db, userId);
    const targets = await liveSubscriptionsOf(db, userId);
    if (targets.length === 0) return;
    const keys = await vapidKeys(db, secrets);
    const gone: number[] = [];
    await Promise.all(
      targets.map(async (target) => {
        const { title, text: body } = text(target.lang);
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
    if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  };
  return {
    send(userId, text) {
      sendAll(userId, text).catch((err) => log('web push failed', err));
    },
  };
}
