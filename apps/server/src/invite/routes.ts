import { api } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { route } from '../http/route';
import { countInvited } from './repo';

/** /mine/invite: the caller's code and how many friends registered with it (the link is built by the client). */
export function inviteRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  route(app, db, api.inviteInfo, z.object({}), async ({ user }) => ({
    invite_code: user.inviteCode,
    invited: await countInvited(db, user.id),
  }));
}
