import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { reconcile } from '../ledger/reconcile';
import { adminRoute } from '../operators/session';

export function reconcileRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/reconcile', roles: ['finance'] },
    z.object({}),
    async () => reconcile(db),
  );
}
