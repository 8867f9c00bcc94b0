import { dec, type Schedule, sessionChecker } from '@meridian/core';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, instruments as instrumentTable } from './schema';

type InstrumentRow = typeof instrumentTable.$inferSelect;

/** An instrument definition as the market and the trading engine use it; decimals as plain text. */
export interface MarketInstrument extends Omit<InstrumentRow, 'sessions' | 'holidays'> {
  schedule: Schedule;
  /** Crypto moves more: its spike filter allows more (TRADING.md "Prices"). */
  crypto: boolean;
  isOpen: (atMs: number) => boolean;
}

/** Numeric columns come back padded to their scale ('0.01000000'); the wire wants '0.01'. */
const plain = (value: string) => dec(value).toFixed();

function definitionOf({ sessions, holidays, ...row }: InstrumentRow, category: string): MarketInstrument {
  const schedule = { windows: sessions, holidays };
  return {
    ...row,
    crypto: category === 'crypto',
    contractSize: plain(row.contractSize),
    minLots: plain(row.minLots),
    lotStep: plain(row.lotStep),
    maxLots: row.maxLots === null ? null : plain(row.maxLots),
    feeRate: plain(row.feeRate),
    spreadRate: plain(row.spreadRate),
    markup: plain(row.markup),
    spikeThreshold: row.spikeThreshold === null ? null : plain(row.spikeThreshold),
    referencePrice: plain(row.referencePrice),
    volatility: plain(row.volatility),
    schedule,
    isOpen: sessionChecker(schedule),
  };
}

/** The enabled instruments, in display order. */
export async function readDefinitions(db: Db): Promise<MarketInstrument[]> {
  const rows = await db
    .select({ row: instrumentTable, category: categories.code })
    .from(instrumentTable)
    .innerJoin(categories, eq(categories.id, instrumentTable.categoryId))
    .where(eq(instrumentTable.enabled, true))
    .orderBy(asc(instrumentTable.sort), asc(instrumentTable.id));
  return rows.map(({ row, category }) => definitionOf(row, category));
}
