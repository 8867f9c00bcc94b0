import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { adminRoute } from '../operators/session';
import { editTerms, instrumentList, termsInput } from './instrument-terms';

export function instrumentRoutes(app: FastifyInstance, { database: { db }, market, trading }: Deps): void {
  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/instruments', roles: ['risk'] },
    z.object({}),
    async () => instrumentList(db),
  );

  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/instruments/edit', roles: ['risk'] },
    termsInput,
    async ({ operator, input }) => editTerms(db, market, trading, { operatorId: operator.id }, input),
  );
}
