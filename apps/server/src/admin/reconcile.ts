import { adminEndpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { reconcile } from '../ledger';
import { adminRoute } from '../operators';

export function reconcileRoutes(app: FastifyInstance, { database: { db } }: { database: Database }): void {
  adminRoute(app, db, adminEndpoints.reconcile, async () => reconcile(db));
}
