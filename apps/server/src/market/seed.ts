import type { Language } from '@meridian/contract';
import { ALWAYS_OPEN, dailyWindows, type SessionWindow } from '@meridian/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, instruments } from './schema';

type CategoryCode = 'forex' | 'metals' | 'energy' | 'indices' | 'crypto' | 'stocks';

// biome-ignore format: a table reads better one row a line
const CATEGORIES: { code: CategoryCode; names: Record<Language, string> }[] = [
  {
    code: 'forex',
    names: {
      hk: '外匯', cn: '外汇', en: 'Forex', jp: 'FX', kr: '외환', th: 'ฟอเร็กซ์', vn: 'Ngoại hối', fr: 'Forex',
      de: 'Devisen', ru: 'Форекс', spa: 'Divisas', pt: 'Câmbio', ar: 'العملات', it: 'Valute', tr: 'Döviz',
    },
  },
  {
    code: 'metals',
    names: {
      hk: '貴金屬', cn: '贵金属', en: 'Metals', jp: '貴金属', kr: '귀금속', th: 'โลหะมีค่า', vn: 'Kim loại quý', fr: 'Métaux',
      de: 'Edelmetalle', ru: 'Металлы', spa: 'Metales', pt: 'Metais', ar: 'المعادن', it: 'Metalli', tr: 'Metaller',
    },
  },
  {
    code: 'energy',
    names: {
      hk: '能源', cn: '能源', en: 'Energy', jp: 'エネルギー', kr: '에너지', th: 'พลังงาน', vn: 'Năng lượng', fr: 'Énergie',
      de: 'Energie', ru: 'Энергоносители', spa: 'Energía', pt: 'Energia', ar: 'الطاقة', it: 'Energia', tr: 'Enerji',
    },
  },
  {
    code: 'indices',
    names: {
      hk: '指數', cn: '指数', en: 'Indices', jp: '株価指数', kr: '지수', th: 'ดัชนี', vn: 'Chỉ số', fr: 'Indices',
      de: 'Indizes', ru: 'Индексы', spa: 'Índices', pt: 'Índices', ar: 'المؤشرات', it: 'Indici', tr: 'Endeksler',
    },
  },
  {
    code: 'crypto',
    names: {
      hk: '加密貨幣', cn: '加密货币', en: 'Crypto', jp: '暗号資産', kr: '암호화폐', th: 'คริปโต', vn: 'Tiền mã hóa', fr: 'Crypto',
      de: 'Krypto', ru: 'Криптовалюты', spa: 'Cripto', pt: 'Cripto', ar: 'العملات المشفرة', it: 'Cripto', tr: 'Kripto',
    },
  },
  {
    code: 'stocks',
    names: {
      hk: '股票', cn: '股票', en: 'Stocks', jp: '株式', kr: '주식', th: 'หุ้น', vn: 'Cổ phiếu', fr: 'Actions',
      de: 'Aktien', ru: 'Акции', spa: 'Acciones', pt: 'Ações', ar: 'الأسهم', it: 'Azioni', tr: 'Hisseler',
    },
  },
];

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'] as const;

/** Session hours in UTC (northern winter); holidays are the exchange's full closures for 2026–2027. */
const FOREX_HOURS: SessionWindow[] = [{ open: 'Sun 22:00', close: 'Fri 22:00' }];
const FOREX_HOLIDAYS = ['2026-12-25', '2027-01-01', '2027-12-25'];
/** CME-style metals and energy: Sunday 23:00 to Friday 22:00 with a daily hour's break. */
const FUTURES_HOURS = dailyWindows(['Sun', 'Mon', 'Tue', 'Wed', 'Thu'], '23:00', '22:00');
const NYSE_HOURS = dailyWindows(WEEKDAYS, '14:30', '21:00');
const NYSE_HOLIDAYS = [
  '2026-11-26',
  '2026-12-25',
  '2027-01-01',
  '2027-01-18',
  '2027-02-15',
  '2027-03-26',
  '2027-05-31',
  '2027-06-18',
  '2027-07-05',
  '2027-09-06',
  '2027-11-25',
  '2027-12-24',
];
const XETRA_HOURS = dailyWindows(WEEKDAYS, '07:00', '15:30');
const XETRA_HOLIDAYS = ['2026-12-24', '2026-12-25', '2026-12-31', '2027-01-01', '2027-03-26', '2027-03-29'];
const LSE_HOURS = dailyWindows(WEEKDAYS, '08:00', '16:30');
const LSE_HOLIDAYS = ['2026-12-25', '2026-12-28', '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03'];
const TSE_HOURS = dailyWindows(WEEKDAYS, '00:00', '06:30');
const TSE_HOLIDAYS = ['2026-11-23', '2026-12-31', '2027-01-01', '2027-01-11', '2027-02-11', '2027-02-23'];

interface Terms {
  contractSize: string;
  minLots: string;
  lotStep: string;
  maxLots: string | null;
  leverages: number[];
  feeRate: string;
  marginMode: number;
  spreadRate: string;
  sessions: SessionWindow[];
  holidays: string[];
}

/** Trading terms shared by a kind of instrument; each row overrides what differs. */
// biome-ignore format: a table reads better one row a line
const TERMS: Record<CategoryCode, Terms> = {
  forex: {
    contractSize: '100000', minLots: '0.01', lotStep: '0.01', maxLots: '50', leverages: [10, 20, 50, 100, 200, 500],
    feeRate: '5', marginMode: 2, spreadRate: '0.00005', sessions: FOREX_HOURS, holidays: FOREX_HOLIDAYS,
  },
  metals: {
    contractSize: '100', minLots: '0.01', lotStep: '0.01', maxLots: '20', leverages: [10, 20, 50, 100],
    feeRate: '6', marginMode: 2, spreadRate: '0.0001', sessions: FUTURES_HOURS, holidays: FOREX_HOLIDAYS,
  },
  energy: {
    contractSize: '1000', minLots: '0.01', lotStep: '0.01', maxLots: '20', leverages: [5, 10, 20, 50],
    feeRate: '6', marginMode: 2, spreadRate: '0.0003', sessions: FUTURES_HOURS, holidays: FOREX_HOLIDAYS,
  },
  indices: {
    contractSize: '1', minLots: '0.1', lotStep: '0.1', maxLots: '100', leverages: [5, 10, 20, 50, 100],
    feeRate: '1', marginMode: 2, spreadRate: '0.0001', sessions: NYSE_HOURS, holidays: NYSE_HOLIDAYS,
  },
  crypto: {
    contractSize: '1', minLots: '0.01', lotStep: '0.01', maxLots: '10', leverages: [2, 5, 10, 20],
    feeRate: '10', marginMode: 2, spreadRate: '0.0005', sessions: ALWAYS_OPEN, holidays: [],
  },
  stocks: {
    contractSize: '1', minLots: '1', lotStep: '1', maxLots: '1000', leverages: [1, 2, 5, 10],
    feeRate: '0.1', marginMode: 2, spreadRate: '0.0003', sessions: NYSE_HOURS, holidays: NYSE_HOLIDAYS,
  },
};

interface InstrumentSeed extends Partial<Terms> {
  code: string;
  show: string;
  category: CategoryCode;
  base: string;
  quote: string;
  price: string;
  precision: number;
  volatility: string;
}

/** Reference prices are late-2026 levels; history is generated to end at them on first start. */
// biome-ignore format: a table reads better one row a line
const INSTRUMENTS: InstrumentSeed[] = [
  { code: 'EURUSD', show: 'EUR/USD', category: 'forex', base: 'EUR', quote: 'USD', price: '1.16480', precision: 5, volatility: '0.07' },
  { code: 'GBPUSD', show: 'GBP/USD', category: 'forex', base: 'GBP', quote: 'USD', price: '1.32650', precision: 5, volatility: '0.08' },
  { code: 'USDJPY', show: 'USD/JPY', category: 'forex', base: 'USD', quote: 'JPY', price: '154.820', precision: 3, volatility: '0.10' },
  { code: 'USDCHF', show: 'USD/CHF', category: 'forex', base: 'USD', quote: 'CHF', price: '0.79850', precision: 5, volatility: '0.08' },
  { code: 'AUDUSD', show: 'AUD/USD', category: 'forex', base: 'AUD', quote: 'USD', price: '0.65420', precision: 5, volatility: '0.09' },
  { code: 'USDCAD', show: 'USD/CAD', category: 'forex', base: 'USD', quote: 'CAD', price: '1.39870', precision: 5, volatility: '0.06' },
  { code: 'NZDUSD', show: 'NZD/USD', category: 'forex', base: 'NZD', quote: 'USD', price: '0.57160', precision: 5, volatility: '0.10' },
  { code: 'EURGBP', show: 'EUR/GBP', category: 'forex', base: 'EUR', quote: 'GBP', price: '0.87810', precision: 5, volatility: '0.05', spreadRate: '0.0001' },
  { code: 'EURJPY', show: 'EUR/JPY', category: 'forex', base: 'EUR', quote: 'JPY', price: '180.340', precision: 3, volatility: '0.09', spreadRate: '0.0001' },
  { code: 'GBPJPY', show: 'GBP/JPY', category: 'forex', base: 'GBP', quote: 'JPY', price: '205.370', precision: 3, volatility: '0.11', spreadRate: '0.0001' },
  { code: 'XAUUSD', show: 'Gold', category: 'metals', base: 'XAU', quote: 'USD', price: '4185.40', precision: 2, volatility: '0.18' },
  // Silver on fixed margin: 5,000 oz a lot, USD 5,000 of margin a lot.
  { code: 'XAGUSD', show: 'Silver', category: 'metals', base: 'XAG', quote: 'USD', price: '52.365', precision: 3, volatility: '0.30', contractSize: '5000', marginMode: 1, leverages: [50] },
  { code: 'XPTUSD', show: 'Platinum', category: 'metals', base: 'XPT', quote: 'USD', price: '1582.60', precision: 2, volatility: '0.25', contractSize: '50' },
  { code: 'USOIL', show: 'WTI Crude', category: 'energy', base: 'WTI', quote: 'USD', price: '61.84', precision: 2, volatility: '0.35' },
  { code: 'UKOIL', show: 'Brent Crude', category: 'energy', base: 'BRENT', quote: 'USD', price: '65.92', precision: 2, volatility: '0.33' },
  // Natural gas on fixed margin: USD 1,000 of margin a lot.
  { code: 'NGAS', show: 'Natural Gas', category: 'energy', base: 'NGAS', quote: 'USD', price: '4.318', precision: 3, volatility: '0.60', marginMode: 1, leverages: [10] },
  { code: 'US500', show: 'S&P 500', category: 'indices', base: 'US500', quote: 'USD', price: '6842.5', precision: 1, volatility: '0.16' },
  { code: 'US100', show: 'Nasdaq 100', category: 'indices', base: 'US100', quote: 'USD', price: '25318.0', precision: 1, volatility: '0.21' },
  { code: 'US30', show: 'Dow Jones 30', category: 'indices', base: 'US30', quote: 'USD', price: '47612.0', precision: 1, volatility: '0.15' },
  { code: 'GER40', show: 'DAX 40', category: 'indices', base: 'GER40', quote: 'EUR', price: '24105.0', precision: 1, volatility: '0.18', sessions: XETRA_HOURS, holidays: XETRA_HOLIDAYS },
  { code: 'UK100', show: 'FTSE 100', category: 'indices', base: 'UK100', quote: 'GBP', price: '9684.5', precision: 1, volatility: '0.14', sessions: LSE_HOURS, holidays: LSE_HOLIDAYS },
  { code: 'JPN225', show: 'Nikkei 225', category: 'indices', base: 'JPN225', quote: 'JPY', price: '50120', precision: 0, volatility: '0.22', contractSize: '100', sessions: TSE_HOURS, holidays: TSE_HOLIDAYS },
  { code: 'BTCUSD', show: 'Bitcoin', category: 'crypto', base: 'BTC', quote: 'USD', price: '96250.00', precision: 2, volatility: '0.50', feeRate: '20' },
  { code: 'ETHUSD', show: 'Ethereum', category: 'crypto', base: 'ETH', quote: 'USD', price: '3215.40', precision: 2, volatility: '0.65' },
  { code: 'SOLUSD', show: 'Solana', category: 'crypto', base: 'SOL', quote: 'USD', price: '148.62', precision: 2, volatility: '0.85', minLots: '0.1', lotStep: '0.1', maxLots: '500', feeRate: '1' },
  { code: 'XRPUSD', show: 'XRP', category: 'crypto', base: 'XRP', quote: 'USD', price: '2.2845', precision: 4, volatility: '0.90', contractSize: '100', feeRate: '1' },
  { code: 'AAPL', show: 'Apple', category: 'stocks', base: 'AAPL', quote: 'USD', price: '271.35', precision: 2, volatility: '0.26' },
  { code: 'MSFT', show: 'Microsoft', category: 'stocks', base: 'MSFT', quote: 'USD', price: '498.20', precision: 2, volatility: '0.24' },
  { code: 'NVDA', show: 'NVIDIA', category: 'stocks', base: 'NVDA', quote: 'USD', price: '186.74', precision: 2, volatility: '0.50' },
  { code: 'TSLA', show: 'Tesla', category: 'stocks', base: 'TSLA', quote: 'USD', price: '418.90', precision: 2, volatility: '0.58' },
  { code: 'AMZN', show: 'Amazon', category: 'stocks', base: 'AMZN', quote: 'USD', price: '229.15', precision: 2, volatility: '0.32' },
  { code: 'GOOGL', show: 'Alphabet', category: 'stocks', base: 'GOOGL', quote: 'USD', price: '289.60', precision: 2, volatility: '0.30' },
];

/** The app's drawing of an instrument's logo: a PNG, which a phone decodes off the main thread (issue 11). */
const logoOf = (code: string) => `/logos/${code.toLowerCase()}.png`;

/**
 * Idempotent: adds missing categories and instruments, and a category's name in a language added since (cn);
 * never overwrites what an operator changed.
 */
export async function seedMarket(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(CATEGORIES.map((c, i) => ({ code: c.code, names: c.names, sort: i + 1 })))
    // jsonb || keeps the right side's keys: the names already there win, only missing languages are added.
    .onConflictDoUpdate({
      target: categories.code,
      set: { names: sql`excluded.names || ${categories.names}` },
    });
  const categoryIds = new Map(
    (await db.select({ id: categories.id, code: categories.code }).from(categories)).map((c) => [
      c.code,
      c.id,
    ]),
  );
  await db
    .insert(instruments)
    .values(
      INSTRUMENTS.map(({ code, show, category, base, quote, price, precision, volatility, ...terms }, i) => ({
        ...TERMS[category],
        ...terms,
        code,
        showCode: show,
        logo: logoOf(code),
        categoryId: categoryIds.get(category)!,
        pricePrecision: precision,
        baseCurrency: base,
        quoteCurrency: quote,
        referencePrice: price,
        volatility,
        sort: i + 1,
      })),
    )
    .onConflictDoNothing({ target: instruments.code });
  // Databases seeded before the PNG logos still name the SVG drawing the seed gave them: moved to the PNG.
  await db
    .update(instruments)
    .set({ logo: sql`'/logos/' || lower(${instruments.code}) || '.png'` })
    .where(sql`${instruments.logo} = '/logos/' || lower(${instruments.code}) || '.svg'`);
}
