import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint } from '../endpoint';
import { id, isoTime, page } from './fields';

/** A news list's page number (10 a page). */
const newsPageNumber = z.coerce.number().int().min(1).max(10_000).default(1);

/** SPEC.md §3 news, as the list shows it. */
export const newsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  logo: z.string(),
  /** ISO 8601 in UTC ("2024-05-01T12:00:00.000Z"), not the "YYYY-MM-DD HH:mm:ss" of the trading calls. */
  created_at: isoTime,
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsArticle = newsItem.extend({
  /** HTML, sanitized by the server. */
  content: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticle>;

export const newsPage = page(newsItem);
export type NewsPage = z.infer<typeof newsPage>;

export const complaintEmail = z.object({ email: z.string() });
export type ComplaintEmail = z.infer<typeof complaintEmail>;

/** SPEC.md §3 company. */
export const company = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  logo: z.string(),
  url: z.string(),
  registered_address: z.string(),
  location: z.string(),
  email: z.string(),
});
export type Company = z.infer<typeof company>;

export const companyStatus = z.object({
  /** Anything but 0 sends the browser to loss_url. */
  status: z.number().int().nonnegative(),
  /** 1: company-search mode. */
  type: z.union([z.literal(0), z.literal(1)]),
  /** '' when none is set. */
  loss_url: z.string(),
});
export type CompanyStatus = z.infer<typeof companyStatus>;

export const contentEndpoints = {
  newsList: endpoint(api.newsList, {
    summary: 'A page of published articles of one category (1 market news, 2 announcements), newest first',
    input: z.object({ category_id: id.default(1), page: newsPageNumber }),
    answer: newsPage,
  }),
  newsInfo: endpoint(api.newsInfo, {
    summary: "One published article with its HTML, in the caller's language",
    input: z.object({ id }),
    answer: newsArticle,
    errors: [Code.NOT_FOUND],
  }),
  complaintEmail: endpoint(api.complaintEmail, {
    summary: "The company's complaint e-mail address ('' when none is set)",
    input: z.object({}),
    answer: complaintEmail,
  }),
  getCompany: endpoint(api.getCompany, {
    summary: 'Companies whose name contains the text (at most 50)',
    input: z.object({ name: z.string().trim().max(100).default('') }),
    answer: z.array(company),
  }),
  getCompanyStatus: endpoint(api.getCompanyStatus, {
    summary: 'Whether the site is open (status 0) or sends browsers to loss_url, and the company-search mode',
    input: z.object({}),
    answer: companyStatus,
  }),
};
