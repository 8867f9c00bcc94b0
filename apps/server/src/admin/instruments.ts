import { adminEndpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Market } from '../market';
import { adminRoute } from '../operators';
import type { Trading } from '../trading';
import { editTerms, instrumentList } from './instrument-terms';

export function instrumentRoutes(
  app: FastifyInstance,
  { database: { db }, market, trading }: { database: Database; market: Market; trading: Trading },
): void {
  adminRoute(app, db, adminEndpoints.instruments, async () => instrumentList(db));

  adminRoute(app, db, adminEndpoints.editInstrument, async ({ operator, input }) =>
    editTerms(db, market, trading, { operatorId: operator.id }, input),
  );
}
