import { adminEndpoints, endpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { reviewRoutes } from '../funding';
import { route } from '../http/route';
import {
  approveVerification,
  rejectVerification,
  submitVerification,
  verificationCenter,
  verificationQueue,
} from './service';

/** Real-name verification: the trader's center and form, and the support desk's queue. */
export function kycRoutes(
  app: FastifyInstance,
  { database: { db }, now }: { database: Database; now: () => number },
): void {
  route(app, db, endpoints.realNameCenter, async ({ user }) => verificationCenter(db, user));

  route(app, db, endpoints.realName, async ({ user, input }) =>
    submitVerification(db, user, {
      name: input.name,
      cardId: input.card_id,
      frontPic: input.front_pic,
      reversePic: input.reverse_pic,
    }),
  );

  reviewRoutes(app, db, {
    endpoints: {
      list: adminEndpoints.verifications,
      approve: adminEndpoints.approveVerification,
      reject: adminEndpoints.rejectVerification,
    },
    list: (status, page) => verificationQueue(db, status, page),
    approve: (operatorId, id) => approveVerification(db, operatorId, id, new Date(now())),
    reject: (operatorId, id, reason) => rejectVerification(db, operatorId, id, reason, new Date(now())),
  });
}
