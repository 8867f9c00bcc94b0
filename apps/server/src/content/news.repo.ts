import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { news, newsTranslations } from './schema';

export type NewsRow = typeof news.$inferSelect;
export interface NewsText {
  title: string;
  desc: string;
  content: string;
}

const live = isNull(news.deletedAt);
const wanted = alias(newsTranslations, 'wanted');
const english = alias(newsTranslations, 'english');

/** An article's columns in `lang`, or in English where it has no such translation. */
function localized(db: Db, lang: string) {
  const pick = <K extends 'title' | 'desc' | 'content'>(column: K) =>
    sql<string>`coalesce(${wanted[column]}, ${english[column]}, '')`;
  return db
    .select({
      id: news.id,
      title: pick('title'),
      desc: pick('desc'),
      logo: news.logo,
      createdAt: news.createdAt,
      content: pick('content'),
    })
    .from(news)
    .leftJoin(wanted, and(eq(wanted.newsId, news.id), eq(wanted.lang, lang)))
    .leftJoin(english, and(eq(english.newsId, news.id), eq(english.lang, 'en')));
}

export async function listNews(db: Db, lang: string, categoryId: number, limit: number, offset: number) {
  const where = and(live, eq(news.categoryId, categoryId));
  const rows = await localized(db, lang)
    .where(where)
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(news).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findNews(db: Db, lang: string, id: number) {
  const [row] = await localized(db, lang).where(and(live, eq(news.id, id)));
  return row;
}

/** The back office's page of articles of every category, newest first, with all their translations. */
export async function pageNews(db: Db, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(news)
    .where(live)
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(news).where(live);
  return {
    rows,
    texts: await translationsOf(
      db,
      rows.map((r) => r.id),
    ),
    total: total?.n ?? 0,
  };
}

export async function translationsOf(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(newsTranslations).where(inArray(newsTranslations.newsId, ids));
}

export async function findLiveNews(tx: Db | Tx, id: number): Promise<NewsRow | undefined> {
  const [row] = await tx
    .select()
    .from(news)
    .where(and(live, eq(news.id, id)))
    .for('update');
  return row;
}

export async function insertNews(tx: Db | Tx, values: typeof news.$inferInsert): Promise<NewsRow> {
  const [row] = await tx.insert(news).values(values).returning();
  return row!;
}

export async function updateNews(tx: Tx, id: number, values: Partial<typeof news.$inferInsert>) {
  const [row] = await tx.update(news).set(values).where(eq(news.id, id)).returning();
  return row!;
}

/** Replaces an article's translations with exactly these. */
export async function replaceTranslations(tx: Db | Tx, newsId: number, texts: Record<string, NewsText>) {
  await tx.delete(newsTranslations).where(eq(newsTranslations.newsId, newsId));
  const values = Object.entries(texts).map(([lang, text]) => ({ newsId, lang, ...text }));
  if (values.length > 0) await tx.insert(newsTranslations).values(values);
}
