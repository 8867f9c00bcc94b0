import { adminEndpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps';
import { adminRoute } from '../operators/session';
import { editTerms, instrumentList } from './instrument-terms';

export function instrumentRoutes(app: FastifyInstance, { database: { db }, market, trading }: Deps): void {
  adminRoute(app, db, adminEndpoints.instruments, async () => instrumentList(db));

  adminRoute(app, db, adminEndpoints.editInstrument, async ({ operator, input }) =>
    editTerms(db, market, trading, { operatorId: operator.id }, input),
  );
}
