import { adminEndpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { reconcile } from '../ledger/reconcile';
import { adminRoute } from '../operators/session';

export function reconcileRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  adminRoute(app, db, adminEndpoints.reconcile, async () => reconcile(db));
}
