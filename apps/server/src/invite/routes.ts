import { endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/route';
import { countInvited } from './repo';

/** /mine/invite: the caller's code and how many friends registered with it (the link is built by the client). */
export function inviteRoutes(app: FastifyInstance, { database: { db } }: { database: Database }): void {
  route(app, db, endpoints.inviteInfo, async ({ user }) => ({
    invite_code: user.inviteCode,
    invited: await countInvited(db, user.id),
  }));
}
