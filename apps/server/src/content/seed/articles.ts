import { NewsCategory } from '../schema';

/** The seeded articles and announcements: identity, category, logo and age at first start. */
export const ARTICLES = [
  { slug: 'fed-holds-rates', category: NewsCategory.news, logo: '/news/fed.svg', hoursAgo: 2 },
  { slug: 'gold-record', category: NewsCategory.news, logo: '/news/gold.svg', hoursAgo: 5 },
  { slug: 'oil-inventories', category: NewsCategory.news, logo: '/news/oil.svg', hoursAgo: 9 },
  { slug: 'btc-etf-flows', category: NewsCategory.news, logo: '/news/btc.svg', hoursAgo: 14 },
  { slug: 'eurusd-outlook', category: NewsCategory.news, logo: '/news/eurusd.svg', hoursAgo: 20 },
  { slug: 'chip-earnings', category: NewsCategory.news, logo: '/news/earnings.svg', hoursAgo: 26 },
  { slug: 'yen-intervention', category: NewsCategory.news, logo: '/news/yen.svg', hoursAgo: 33 },
  { slug: 'uk-inflation', category: NewsCategory.news, logo: '/news/gbp.svg', hoursAgo: 41 },
  { slug: 'ether-upgrade', category: NewsCategory.news, logo: '/news/eth.svg', hoursAgo: 50 },
  { slug: 'opec-output', category: NewsCategory.news, logo: '/news/opec.svg', hoursAgo: 58 },
  { slug: 'sp500-record', category: NewsCategory.news, logo: '/news/sp500.svg', hoursAgo: 67 },
  { slug: 'china-pmi', category: NewsCategory.news, logo: '/news/aud.svg', hoursAgo: 75 },
  {
    slug: 'restricted-countries',
    category: NewsCategory.announcement,
    logo: '/news/notice.svg',
    hoursAgo: 1,
  },
  {
    slug: 'crypto-around-the-clock',
    category: NewsCategory.announcement,
    logo: '/news/notice.svg',
    hoursAgo: 30,
  },
  { slug: 'risk-warning', category: NewsCategory.announcement, logo: '/news/notice.svg', hoursAgo: 96 },
] as const;

export type ArticleSlug = (typeof ARTICLES)[number]['slug'];
export interface ArticleText {
  title: string;
  desc: string;
  /** HTML paragraphs; sanitized like any other article when seeded. */
  content: string;
}
export type ArticleTexts = Record<ArticleSlug, ArticleText>;

/** Paragraphs as article HTML. */
export const paragraphs = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');
