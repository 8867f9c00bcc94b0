import { adminEndpoints } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { adminRoute } from '../operators';
import { adminCompanyPage, deleteCompany, saveCompany } from './companies.service';
import { adminNewsPage, deleteNews, saveNews } from './news.service';

/** The back office's content screens (role content): news, announcements and companies. Every change is audited. */
export function contentAdminRoutes(
  app: FastifyInstance,
  { database: { db }, now }: { database: Database; now: () => number },
): void {
  adminRoute(app, db, adminEndpoints.news, ({ input }) => adminNewsPage(db, input.page));
  adminRoute(app, db, adminEndpoints.saveNews, ({ input, operator }) =>
    saveNews(db, operator.id, input, new Date(now())),
  );
  adminRoute(app, db, adminEndpoints.deleteNews, ({ input, operator }) =>
    deleteNews(db, operator.id, input.id, new Date(now())),
  );

  adminRoute(app, db, adminEndpoints.companies, ({ input }) => adminCompanyPage(db, input.name, input.page));
  adminRoute(app, db, adminEndpoints.saveCompany, ({ input, operator }) =>
    saveCompany(db, operator.id, input),
  );
  adminRoute(app, db, adminEndpoints.deleteCompany, ({ input, operator }) =>
    deleteCompany(db, operator.id, input.id, new Date(now())),
  );
}
