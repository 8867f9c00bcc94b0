import type { Language } from '@meridian/contract';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertCompany } from '../companies.repo';
import { replaceTranslations } from '../news.repo';
import { sanitizeArticle } from '../sanitize';
import { companies, NewsCategory, news } from '../schema';
import { ARTICLES, type ArticleTexts } from './articles';
import { COMPANIES } from './companies';
import { ar } from './news/ar';
import { cn } from './news/cn';
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

const TEXTS: Record<Language, ArticleTexts> = { hk, cn, en, jp, kr, th, vn, fr, de, ru, spa, pt, ar, it, tr };
const HOUR_MS = 3_600_000;

/**
 * Idempotent: adds the seeded articles that were never added (an operator's deletion keeps its row, so it
 * stays deleted) and the sample companies on a database that never had any. The sample market news and
 * companies are invented: only the embedded demo (`demo`) gets them. Production gets the platform's own
 * announcements (SPEC.md §1's restricted countries, trading hours, the risk warning), dated at install.
 */
export async function seedContent(db: Db, { demo, now }: { demo: boolean; now: number }) {
  const announcements = ARTICLES.filter((a) => a.category === NewsCategory.announcement);
  for (const article of demo ? ARTICLES : announcements) {
    await db.transaction(async (tx) => {
      const at = new Date(now - (demo ? article.hoursAgo * HOUR_MS : 0));
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
  if (demo && existing?.n === 0) {
    for (const company of COMPANIES) await insertCompany(db, company);
  }
}
