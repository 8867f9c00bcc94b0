import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/route';
import type { Secrets } from '../http/secrets';
import { subscribe, unsubscribe, vapidKeys } from '../push';
import type { Trading } from '../trading';
import { markRead, notificationPage } from './service';

/** The notification centre and the browsers it also pushes to. */
export function notificationsRoutes(
  app: FastifyInstance,
  { database: { db }, trading, secrets }: { database: Database; trading: Trading; secrets: Secrets },
): void {
  route(app, db, endpoints.notificationList, ({ input, user, lang }) =>
    notificationPage(db, user.id, input.page, lang),
  );

  route(app, db, endpoints.notificationRead, ({ input, user }) =>
    markRead(db, user.id, input, new Date(trading.now())),
  );

  route(app, db, endpoints.pushKey, async () => ({ key: (await vapidKeys(db, secrets)).publicKey }));

  // A signed-in call: `token` is the one its caller was found by.
  route(app, db, endpoints.pushSubscribe, ({ input, user, token, lang }) =>
    subscribe(db, { userId: user.id, token: token! }, input, lang),
  );

  route(app, db, endpoints.pushUnsubscribe, ({ input, user }) => unsubscribe(db, user.id, input.endpoint));
}
