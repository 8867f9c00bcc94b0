import { api } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { route } from '../http/route';
import { isOptedIn, setOptIn } from './repo';
import { followList } from './service';

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** The leaderboard (as the ranking job last computed it) and a trader's choice to appear on it. */
export function rankingRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  route(app, db, api.followList, z.object({}), () => followList(db));

  route(app, db, api.followOptInState, z.object({}), async ({ user }) => ({
    on: await isOptedIn(db, user.id),
  }));

  route(app, db, api.followOptIn, z.object({ on: flag }), async ({ input, user }) => {
    await setOptIn(db, user.id, input.on);
    return { on: input.on };
  });
}
