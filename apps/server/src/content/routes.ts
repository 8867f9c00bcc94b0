import { api, parseLanguage } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { route } from '../http/route';
import { readSettings } from '../settings/read';
import { companyStatus, findCompanies } from './companies.service';
import { newsInfo, newsList } from './news.service';
import { supportPage } from './support-page';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** News and announcements, the complaint e-mail, company search and status, the built-in support page. */
export function contentRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  route(app, db, api.newsList, z.object({ category_id: id.default(1), page }), ({ input, lang }) =>
    newsList(db, lang, input.category_id, input.page),
  );

  route(app, db, api.newsInfo, z.object({ id }), ({ input, lang }) => newsInfo(db, lang, input.id));

  route(app, db, api.complaintEmail, z.object({}), async () => ({
    email: (await readSettings(db)).complaint_email,
  }));

  route(app, db, api.getCompany, z.object({ name: z.string().trim().max(100).default('') }), ({ input }) =>
    findCompanies(db, input.name),
  );

  route(app, db, api.getCompanyStatus, z.object({}), () => companyStatus(db));

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
