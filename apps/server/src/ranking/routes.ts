import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { providerLeft } from '../copying/service';
import type { Deps } from '../deps';
import { route } from '../http/route';
import { isOptedIn, setOptIn } from './repo';
import { followList } from './service';

/** The leaderboard (as the ranking job last computed it) and a trader's choice to appear on it. */
export function rankingRoutes(app: FastifyInstance, { database: { db }, trading }: Deps): void {
  route(app, db, endpoints.followList, () => followList(db));

  route(app, db, endpoints.followOptInState, async ({ user }) => ({
    on: await isOptedIn(db, user.id),
  }));

  route(app, db, endpoints.followOptIn, async ({ input, user }) => {
    await setOptIn(db, user.id, input.on);
    if (!input.on) await providerLeft(db, trading, user.id, trading.now);
    return { on: input.on };
  });
}
