import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** News categories of SPEC.md §7: 1 market news, 2 announcements. */
export const NewsCategory = { news: 1, announcement: 2 } as const;

/**
 * News articles and announcements. `slug` names a seeded article so a restart never adds it twice;
 * a deleted one keeps its row (deleted_at) so the seed never brings it back.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    slug: text('slug').unique(),
    logo: text('logo').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('news_category_idx').on(t.categoryId, t.createdAt)],
);

/** One article in one interface language; content is HTML, sanitized before it is stored. */
export const newsTranslations = pgTable(
  'news_translations',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    desc: text('desc').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.lang] })],
);

/** White-label companies listed by the company-search mode (SPEC.md §3); a deleted one keeps its row. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  subject: text('subject').notNull().default(''),
  logo: text('logo').notNull().default(''),
  url: text('url').notNull().default(''),
  registeredAddress: text('registered_address').notNull().default(''),
  location: text('location').notNull().default(''),
  email: text('email').notNull().default(''),
  createdAt: at('created_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
});
