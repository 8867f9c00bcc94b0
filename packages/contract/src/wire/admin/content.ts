import { z } from 'zod';
import { Code } from '../../codes';
import { adminEndpoint } from '../../endpoint';
import { LANGUAGES } from '../../languages';
import { id, isoTime, page } from '../fields';

const roles = ['content'] as const;
const pageNumber = z.coerce.number().int().min(1).max(10_000).default(1);
/** Trimmed text of at most `max` characters; may be blank. */
const trimmed = (max: number) => z.string().trim().max(max);

/** 1 market news, 2 announcement. */
const newsCategory = z.coerce
  .number()
  .int()
  .refine((c) => c === 1 || c === 2);

const translation = z.object({
  title: trimmed(200).min(1),
  desc: trimmed(1000).default(''),
  /** HTML, sanitized before it is stored. */
  content: z.string().max(200_000),
});

const newsDraft = z.object({
  /** Absent: a new article. */
  id: id.optional(),
  category_id: newsCategory,
  logo: trimmed(500).default(''),
  // Every language is optional but English, the fallback of the others.
  translations: z
    .partialRecord(z.enum(LANGUAGES), translation)
    .refine((t) => t.en !== undefined, { path: ['en'] }),
});
export type NewsDraft = z.input<typeof newsDraft>;

const text = z.object({ title: z.string(), desc: z.string(), content: z.string() });

/** An article as the back office edits it: every translation, placeholders unfilled. */
const article = z.object({
  id: z.number().int(),
  /** 1 market news, 2 announcement. */
  category_id: z.number().int(),
  logo: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
  translations: z.partialRecord(z.enum(LANGUAGES), text),
});
export type AdminArticle = z.infer<typeof article>;

const companyDraft = z.object({
  /** Absent: a new company. */
  id: id.optional(),
  name: trimmed(200).min(1),
  subject: trimmed(200).default(''),
  logo: trimmed(500).default(''),
  url: trimmed(500).default(''),
  registered_address: trimmed(500).default(''),
  location: trimmed(200).default(''),
  email: z.union([z.literal(''), z.string().trim().email().max(254)]).default(''),
});
export type CompanyDraft = z.input<typeof companyDraft>;

/** A company as SPEC.md §3 names its fields. */
const company = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  logo: z.string(),
  url: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export type AdminCompany = z.infer<typeof company>;

const deleted = z.object({ id: z.number().int() });

/** The back office's content screens (role content): news, announcements and companies. Every change is audited. */
export const adminContentEndpoints = {
  news: adminEndpoint(
    { method: 'GET', path: '/admin/api/news', roles },
    {
      summary: 'News and announcements, newest first, 20 a page, with every translation',
      input: z.object({ page: pageNumber }),
      answer: page(article),
    },
  ),
  saveNews: adminEndpoint(
    { method: 'POST', path: '/admin/api/news/save', roles },
    {
      summary: 'Creates (no id) or edits an article; English is required, its HTML sanitized',
      input: newsDraft,
      answer: article,
      errors: [Code.NOT_FOUND],
    },
  ),
  deleteNews: adminEndpoint(
    { method: 'POST', path: '/admin/api/news/delete', roles },
    { summary: 'Deletes an article', input: z.object({ id }), answer: deleted, errors: [Code.NOT_FOUND] },
  ),
  companies: adminEndpoint(
    { method: 'GET', path: '/admin/api/companies', roles },
    {
      summary: 'Companies by a fragment of the name, 20 a page',
      input: z.object({ page: pageNumber, name: trimmed(100).default('') }),
      answer: page(company),
    },
  ),
  saveCompany: adminEndpoint(
    { method: 'POST', path: '/admin/api/companies/save', roles },
    {
      summary: 'Creates (no id) or edits a company',
      input: companyDraft,
      answer: company,
      errors: [Code.NOT_FOUND],
    },
  ),
  deleteCompany: adminEndpoint(
    { method: 'POST', path: '/admin/api/companies/delete', roles },
    { summary: 'Deletes a company', input: z.object({ id }), answer: deleted, errors: [Code.NOT_FOUND] },
  ),
};
