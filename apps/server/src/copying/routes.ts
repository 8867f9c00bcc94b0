import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { route, said } from '../http/route';
import { isOptedIn, setOptIn } from '../ranking';
import type { Trading } from '../trading';
import {
  copiesOf,
  copyDetail,
  copyViews,
  followList,
  providerLeft,
  providerPage,
  startCopy,
  stopCopyOf,
} from './service';

/**
 * Copy trading: the leaderboard with its followers, a trader's choice to appear on it, provider pages, starting
 * and stopping a copy, and what each copy did.
 */
export function copyingRoutes(
  app: FastifyInstance,
  { database: { db }, trading }: { database: Database; trading: Trading },
): void {
  const view = async (copy: Parameters<typeof copyViews>[2][number]) =>
    (await copyViews(db, trading, [copy]))[0]!;

  route(app, db, endpoints.followList, () => followList(db));

  route(app, db, endpoints.followOptInState, async ({ user }) => ({
    on: await isOptedIn(db, user.id),
  }));

  route(app, db, endpoints.followOptIn, async ({ input, user }) => {
    await setOptIn(db, user.id, input.on);
    // Leaving the leaderboard stops the copies of this provider.
    if (!input.on) await providerLeft(db, trading, user.id, trading.now);
    return { on: input.on };
  });

  route(app, db, endpoints.copyProvider, ({ input, user }) =>
    providerPage(db, input.id, user?.id ?? null, trading.now()),
  );

  route(app, db, endpoints.copyStart, async ({ input, user }) => {
    const copy = await startCopy(db, trading, user.id, input, trading.now());
    return said(await view(copy), 'copy_started');
  });

  route(app, db, endpoints.copyList, ({ user }) => copiesOf(db, trading, user.id));

  route(app, db, endpoints.copyDetail, ({ input, user, lang }) =>
    copyDetail(db, trading, user.id, input.id, lang),
  );

  route(app, db, endpoints.copyStop, async ({ input, user }) => {
    const copy = await stopCopyOf(db, trading, user.id, input, trading.now);
    return said(await view(copy), 'copy_stop_done');
  });
}
