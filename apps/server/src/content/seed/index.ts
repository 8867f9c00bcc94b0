import type { Language } from '@meridian/contract';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertCompany } from '../companies.repo';
import { replaceTranslations } from '../news.repo';
import { sanitizeArticle } from '../sanitize';
import { companies, news } from '../schema';
import { ARTICLES, type ArticleTexts } from './articles';
import { COMPANIES } from './companies';
import { ar } from './news/ar';
import { de } from './news/de';
import { en } from './news/en';
import { fr } from './news/fr';
import { hk } from './news/hk';
import { it } from './news/it';
import { jp } from './news/jp';
import { kr } from './news/kr';
import { pt } from './news/pt';
import { ru } from './news/ru';
import { spa } from './news/spa';
import { th } from './news/th';
import { tr } from './news/tr';
import { vn } from './news/vn';

const TEXTS: Record<Language, ArticleTexts> = { hk, en, jp, kr, th, vn, fr, de, ru, spa, pt, ar, it, tr };
const HOUR_MS = 3_600_000;

/**
 * Idempotent: adds the seeded articles that were never added (an operator's deletion keeps its row, so it
 * stays deleted) and the sample companies on a database that never had any.
 */
export async function seedContent(db: Db, now = Date.now()): Promise<void> {
  for (const article of ARTICLES) {
    await db.transaction(async (tx) => {
      const at = new Date(now - article.hoursAgo * HOUR_MS);
      const [row] = await tx
        .insert(news)
        .values({
          slug: article.slug,
          categoryId: article.category,
          logo: article.logo,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({ target: news.slug })
        .returning();
      if (!row) return;
      const texts = Object.fromEntries(
        Object.entries(TEXTS).map(([lang, all]) => {
          const text = all[article.slug];
          return [lang, { ...text, content: sanitizeArticle(text.content) }];
        }),
      );
      await replaceTranslations(tx, row.id, texts);
    });
  }
  const [existing] = await db.select({ n: count() }).from(companies);
  if (existing?.n === 0) {
    for (const company of COMPANIES) await insertCompany(db, company);
  }
}
