import { Code, type Language } from '@meridian/contract';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { audit } from '../operators';
import { readSettings } from '../settings';
import {
  findLiveNews,
  findNews,
  insertNews,
  listNews,
  type NewsRow,
  type NewsText,
  pageNews,
  replaceTranslations,
  translationsOf,
  updateNews,
} from './news.repo';
import { sanitizeArticle } from './sanitize';

export const NEWS_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE = 20;

/**
 * Placeholders an article may contain, filled when it is read: the restricted-countries notice says how
 * many countries are excluded while the list itself (setting restricted_countries) is never shown.
 */
async function placeholders(db: Db): Promise<(text: string) => string> {
  const { restricted_countries } = await readSettings(db);
  const restricted = String(restricted_countries.split(',').filter((c) => c.trim()).length);
  return (text) => text.replaceAll('{{restricted_count}}', restricted);
}

const listItem = (row: { id: number; title: string; desc: string; logo: string; createdAt: Date }) => ({
  id: row.id,
  title: row.title,
  desc: row.desc,
  logo: row.logo,
  created_at: row.createdAt.toISOString(),
});

export async function newsList(db: Db, lang: Language, categoryId: number, page: number) {
  const [fill, { rows, total }] = await Promise.all([
    placeholders(db),
    listNews(db, lang, categoryId, NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE),
  ]);
  return {
    data: rows.map((row) => listItem({ ...row, title: fill(row.title), desc: fill(row.desc) })),
    total,
  };
}

export async function newsInfo(db: Db, lang: Language, id: number) {
  const row = await findNews(db, lang, id);
  if (!row) throw new AppError(Code.NOT_FOUND, 'not_found');
  const fill = await placeholders(db);
  return {
    ...listItem({ ...row, title: fill(row.title), desc: fill(row.desc) }),
    content: fill(row.content),
  };
}

/** An article as the back office edits it: every translation, unfilled. */
function adminView(row: NewsRow, texts: { lang: string; title: string; desc: string; content: string }[]) {
  return {
    id: row.id,
    category_id: row.categoryId,
    logo: row.logo,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    translations: Object.fromEntries(
      texts.map((t) => [t.lang, { title: t.title, desc: t.desc, content: t.content }]),
    ),
  };
}
export type AdminNews = ReturnType<typeof adminView>;

export async function adminNewsPage(db: Db, page: number) {
  const { rows, texts, total } = await pageNews(db, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
  return {
    data: rows.map((row) =>
      adminView(
        row,
        texts.filter((t) => t.newsId === row.id),
      ),
    ),
    total,
  };
}

export interface NewsDraft {
  id?: number;
  category_id: number;
  logo: string;
  translations: Partial<Record<Language, NewsText>>;
}

/** Creates or edits an article (`at`); its HTML is sanitized before it is stored, and the change is audited. */
export async function saveNews(db: Db, operatorId: number, draft: NewsDraft, at: Date): Promise<AdminNews> {
  const texts = Object.fromEntries(
    Object.entries(draft.translations).map(([lang, t]) => [
      lang,
      { ...t, content: sanitizeArticle(t.content) },
    ]),
  );
  return db.transaction(async (tx) => {
    const existing = draft.id === undefined ? undefined : await findLiveNews(tx, draft.id);
    if (draft.id !== undefined && !existing) throw new AppError(Code.NOT_FOUND, 'not_found');
    const before = existing && adminView(existing, await translationsOf(tx, [existing.id]));
    const fields = { categoryId: draft.category_id, logo: draft.logo };
    const row = existing
      ? await updateNews(tx, existing.id, { ...fields, updatedAt: at })
      : await insertNews(tx, { ...fields, createdAt: at, updatedAt: at });
    await replaceTranslations(tx, row.id, texts);
    const after = adminView(row, await translationsOf(tx, [row.id]));
    await audit(tx, {
      operatorId,
      action: existing ? 'news.update' : 'news.create',
      targetType: 'news',
      targetId: row.id,
      before,
      after,
    });
    return after;
  });
}

export async function deleteNews(db: Db, operatorId: number, id: number, at: Date) {
  return db.transaction(async (tx) => {
    const existing = await findLiveNews(tx, id);
    if (!existing) throw new AppError(Code.NOT_FOUND, 'not_found');
    const before = adminView(existing, await translationsOf(tx, [id]));
    await updateNews(tx, id, { deletedAt: at });
    await audit(tx, { operatorId, action: 'news.delete', targetType: 'news', targetId: id, before });
    return { id };
  });
}
