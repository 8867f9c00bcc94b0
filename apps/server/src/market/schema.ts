import type { Language } from '@meridian/contract';
import type { SessionWindow } from '@meridian/core';
import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Prices: exact decimals wide enough for any instrument at any precision. */
const price = (name: string) => numeric(name, { precision: 24, scale: 10 });

/** Market list filters (SPEC.md §3 Category); the name in every interface language. */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  names: jsonb('names').$type<Record<Language, string>>().notNull(),
  sort: integer('sort').notNull(),
});

/** Instrument definitions: SPEC.md §3 Instrument plus TRADING.md's trading terms and sessions. */
export const instruments = pgTable('instruments', {
  id: serial('id').primaryKey(),
  /** Code: the feed symbol, e.g. EURUSD. */
  code: text('code').notNull().unique(),
  showCode: text('show_code').notNull(),
  logo: text('logo').notNull(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  pricePrecision: integer('price_precision').notNull(),
  /** ForexContNum: units per lot. */
  contractSize: numeric('contract_size', { precision: 24, scale: 8 }).notNull(),
  /** ForexMinCont. */
  minLots: numeric('min_lots', { precision: 24, scale: 8 }).notNull(),
  /** Pip: the lot step. */
  lotStep: numeric('lot_step', { precision: 24, scale: 8 }).notNull(),
  /** MaxCont; null = no maximum. */
  maxLots: numeric('max_lots', { precision: 24, scale: 8 }),
  /** HasForexMultiple. */
  leverages: jsonb('leverages').$type<number[]>().notNull(),
  feeRate: numeric('fee_rate', { precision: 24, scale: 8 }).notNull(),
  /** 1 = fixed margin; otherwise leveraged. */
  marginMode: integer('margin_mode').notNull(),
  spreadRate: numeric('spread_rate', { precision: 12, scale: 8 }).notNull().default('0'),
  /** Points the platform adds to the provider's spread: half below the bid, half above the ask. */
  markup: numeric('markup', { precision: 24, scale: 8 }).notNull().default('0'),
  /** A quote moving further than this fraction from the last accepted one is held until confirmed; null: learned from recent moves. */
  spikeThreshold: numeric('spike_threshold', { precision: 12, scale: 8 }),
  /** Swap points per lot per night a buy (long) and a sell (short) accrue; negative is charged. */
  swapLong: numeric('swap_long', { precision: 24, scale: 8 }).notNull().default('0'),
  swapShort: numeric('swap_short', { precision: 24, scale: 8 }).notNull().default('0'),
  /** The largest absolute net exposure of real accounts, in lots, that orders may take it to; null: no limit. */
  exposureLimit: numeric('exposure_limit', { precision: 24, scale: 8 }),
  baseCurrency: text('base_currency').notNull(),
  quoteCurrency: text('quote_currency').notNull(),
  /** Price the history is built to end at when the instrument has none yet. */
  referencePrice: price('reference_price').notNull(),
  /** Annualized volatility (e.g. 0.08 = 8 %) the simulator and backfill move the price with. */
  volatility: numeric('volatility', { precision: 8, scale: 4 }).notNull(),
  /** Weekly UTC windows (core `Schedule`). */
  sessions: jsonb('sessions').$type<SessionWindow[]>().notNull(),
  /** UTC dates ('YYYY-MM-DD') the market is closed all day. */
  holidays: jsonb('holidays').$type<string[]>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull(),
});

/** OHLCV bars per instrument and period (SPEC.md §3 Candle), keyed by the bar's UTC open time. */
export const candles = pgTable(
  'candles',
  {
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    period: text('period').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    open: price('open').notNull(),
    high: price('high').notNull(),
    low: price('low').notNull(),
    close: price('close').notNull(),
    volume: numeric('volume', { precision: 24, scale: 8 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentId, t.period, t.time] })],
);
