import type { adminEndpoints, InputOf } from '@meridian/contract';
import { dec } from '@meridian/core';
import type { Db } from '../db/client';
import { exact } from '../db/numeric';
import { invalidInput, refuse } from '../http/errors';
import type { Market } from '../market';
import {
  allCategories,
  allInstruments,
  findCategory,
  type InstrumentRow,
  lockInstrument,
  updateInstrumentTerms,
} from '../market';
import { type AuditEntry, audit } from '../operators';
import type { Trading } from '../trading';

/** The terms an operator may change; omitted fields stay as they are. */
export type TermsInput = InputOf<typeof adminEndpoints.editInstrument>;

const termsOf = (i: InstrumentRow) => ({
  enabled: i.enabled,
  category_id: i.categoryId,
  leverages: i.leverages,
  min_lots: exact(i.minLots),
  max_lots: i.maxLots === null ? null : exact(i.maxLots),
  lot_step: exact(i.lotStep),
  fee_rate: exact(i.feeRate),
  spread_rate: exact(i.spreadRate),
  markup: exact(i.markup),
  spike_threshold: i.spikeThreshold === null ? null : exact(i.spikeThreshold),
  swap_long: exact(i.swapLong),
  swap_short: exact(i.swapShort),
  sessions: i.sessions,
  holidays: i.holidays,
  exposure_limit: i.exposureLimit === null ? null : exact(i.exposureLimit),
});

/** Every instrument, disabled ones too, with the categories an operator may file it under. */
export async function instrumentList(db: Db) {
  const rows = await allInstruments(db);
  const cats = await allCategories(db);
  return {
    rows: rows.map((i) => ({
      id: i.id,
      code: i.code,
      show_code: i.showCode,
      margin_mode: i.marginMode,
      contract_size: exact(i.contractSize),
      quote_currency: i.quoteCurrency,
      ...termsOf(i),
    })),
    categories: cats.map((c) => ({ id: c.id, code: c.code, names: c.names })),
  };
}

/**
 * Changes an instrument's terms and reloads the market, so the next order is checked and priced with them.
 * Open orders keep the terms they were placed under; an instrument with any cannot be disabled.
 */
export async function editTerms(
  db: Db,
  market: Market,
  trading: Trading,
  actor: Pick<AuditEntry, 'operatorId'>,
  input: TermsInput,
) {
  const { id: instrumentId, ...change } = input;
  const updated = await db.transaction(async (tx) => {
    const before = await lockInstrument(tx, instrumentId);
    if (!before) throw refuse('not_found');
    // Disabled, it would have no price: its positions could not be closed, nor its triggers fire.
    if (before.enabled && change.enabled === false) {
      const count = await trading.openOrderCount(tx, instrumentId);
      if (count > 0) throw refuse('instrument_has_open_orders', { name: before.showCode, count });
    }
    const next = { ...termsOf(before), ...change };
    if (next.max_lots !== null && dec(next.max_lots).lessThan(next.min_lots)) throw invalidInput('max_lots');
    if (change.category_id !== undefined) {
      const category = await findCategory(tx, change.category_id);
      if (!category) throw invalidInput('category_id');
    }
    const row = await updateInstrumentTerms(tx, instrumentId, {
      enabled: next.enabled,
      categoryId: next.category_id,
      leverages: [...new Set(next.leverages)].sort((a, b) => a - b),
      minLots: next.min_lots,
      maxLots: next.max_lots,
      lotStep: next.lot_step,
      feeRate: next.fee_rate,
      spreadRate: next.spread_rate,
      markup: next.markup,
      spikeThreshold: next.spike_threshold,
      swapLong: next.swap_long,
      swapShort: next.swap_short,
      sessions: next.sessions,
      holidays: next.holidays,
      exposureLimit: next.exposure_limit,
    });
    await audit(tx, {
      ...actor,
      action: 'instrument.edit',
      targetType: 'instrument',
      targetId: instrumentId,
      before: termsOf(before),
      after: termsOf(row!),
    });
    return row!;
  });
  await market.definitionsChanged();
  return { id: updated.id, ...termsOf(updated) };
}
