import { LANGUAGES } from '@meridian/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { adminRoute } from '../operators/session';
import { adminCompanyPage, deleteCompany, saveCompany } from './companies.service';
import { adminNewsPage, deleteNews, saveNews } from './news.service';
import { NewsCategory } from './schema';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const text = (max: number) => z.string().trim().max(max);
const roles = ['content'] as const;

const translation = z.object({
  title: text(200).min(1),
  desc: text(1000).default(''),
  content: z.string().max(200_000),
});

const newsDraft = z.object({
  id: id.optional(),
  category_id: z.coerce
    .number()
    .int()
    .refine((c) => c === NewsCategory.news || c === NewsCategory.announcement),
  logo: text(500).default(''),
  // Every language is optional but English, the fallback of the others.
  translations: z
    .partialRecord(z.enum(LANGUAGES), translation)
    .refine((t) => t.en !== undefined, { path: ['en'] }),
});

const companyDraft = z.object({
  id: id.optional(),
  name: text(200).min(1),
  subject: text(200).default(''),
  logo: text(500).default(''),
  url: text(500).default(''),
  registered_address: text(500).default(''),
  location: text(200).default(''),
  email: z.union([z.literal(''), z.string().trim().email().max(254)]).default(''),
});

/** The back office's content screens (role content): news, announcements and companies. Every change is audited. */
export function contentAdminRoutes(app: FastifyInstance, { database: { db } }: Deps): void {
  adminRoute(app, db, { method: 'GET', path: '/admin/api/news', roles }, z.object({ page }), ({ input }) =>
    adminNewsPage(db, input.page),
  );
  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/news/save', roles },
    newsDraft,
    ({ input, operator }) => saveNews(db, operator.id, input),
  );
  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/news/delete', roles },
    z.object({ id }),
    ({ input, operator }) => deleteNews(db, operator.id, input.id),
  );

  adminRoute(
    app,
    db,
    { method: 'GET', path: '/admin/api/companies', roles },
    z.object({ page, name: text(100).default('') }),
    ({ input }) => adminCompanyPage(db, input.name, input.page),
  );
  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/companies/save', roles },
    companyDraft,
    ({ input, operator }) => saveCompany(db, operator.id, input),
  );
  adminRoute(
    app,
    db,
    { method: 'POST', path: '/admin/api/companies/delete', roles },
    z.object({ id }),
    ({ input, operator }) => deleteCompany(db, operator.id, input.id),
  );
}
