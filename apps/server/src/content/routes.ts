import { endpoints, parseLanguage } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { route } from '../http/route';
import { readSettings } from '../settings';
import { companyStatus, findCompanies } from './companies.service';
import { newsInfo, newsList } from './news.service';
import { supportPage } from './support-page';

/** News and announcements, the complaint e-mail, company search and status, the built-in support page. */
export function contentRoutes(app: FastifyInstance, { database: { db } }: { database: Database }): void {
  route(app, db, endpoints.newsList, ({ input, lang }) => newsList(db, lang, input.category_id, input.page));

  route(app, db, endpoints.newsInfo, ({ input, lang }) => newsInfo(db, lang, input.id));

  route(app, db, endpoints.complaintEmail, async () => ({
    email: (await readSettings(db)).complaint_email,
  }));

  route(app, db, endpoints.getCompany, ({ input }) => findCompanies(db, input.name));

  route(app, db, endpoints.getCompanyStatus, () => companyStatus(db));

  // The default service_link: a plain page the support iframe can show, in the language asked for.
  app.get('/support', async (req, reply) => {
    const lang = parseLanguage((req.query as Record<string, unknown>).lang);
    const { complaint_email } = await readSettings(db);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(supportPage(lang, complaint_email));
  });
}
