import { api } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { uploadUrl } from '../funding/inputs';
import { reviewRoutes } from '../funding/review-routes';
import { route } from '../http/route';
import {
  approveVerification,
  rejectVerification,
  submitVerification,
  verificationCenter,
  verificationQueue,
} from './service';

const submission = z.object({
  name: z.string().trim().min(1).max(100),
  card_id: z
    .string()
    .trim()
    .min(4)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/),
  front_pic: uploadUrl,
  reverse_pic: uploadUrl,
});

/** Real-name verification: the trader's center and form, and the support desk's queue. */
export function kycRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  route(app, db, api.realNameCenter, z.object({}), async ({ user }) => verificationCenter(db, user));

  route(app, db, api.realName, submission, async ({ user, input }) =>
    submitVerification(db, user, {
      name: input.name,
      cardId: input.card_id,
      frontPic: input.front_pic,
      reversePic: input.reverse_pic,
    }),
  );

  reviewRoutes(app, db, {
    path: '/admin/api/verifications',
    roles: ['support'],
    list: (status, page) => verificationQueue(db, status, page),
    approve: (operatorId, id) => approveVerification(db, operatorId, id),
    reject: (operatorId, id, reason) => rejectVerification(db, operatorId, id, reason),
  });
}
