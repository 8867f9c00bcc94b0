import type { Db, Tx } from '../db/client';
import { exact } from '../db/numeric';
import { invalidInput, refuse } from '../http/errors';
import { said } from '../http/route';
import { audit, fileRequest } from '../operators';
import {
  allChannels,
  allCurrencies,
  channelById,
  currencyById,
  type DepositChannel,
  saveChannel,
  saveCurrency,
  type WithdrawCurrency,
} from './catalog.repo';
import type { depositChannels, withdrawCurrencies } from './schema';

export const channelView = (c: DepositChannel) => ({
  id: c.id,
  kind: c.kind,
  currency_code: c.currencyCode,
  protocol_code: c.protocolCode,
  address: c.address,
  bank_name: c.bankName,
  account_name: c.accountName,
  account_number: c.accountNumber,
  swift: c.swift,
  bank_address: c.bankAddress,
  remark: c.remark,
  enabled: c.enabled,
  sort: c.sort,
  demo: c.demo,
});

export const currencyView = (c: WithdrawCurrency) => ({
  id: c.id,
  type: c.type,
  code: c.code,
  protocol: c.protocol,
  draw_rate: exact(c.drawRate),
  fee_type: c.feeType,
  usd_price: exact(c.usdPrice),
  min: exact(c.min),
  max: exact(c.max),
  enabled: c.enabled,
  sort: c.sort,
});

export const listChannels = async (db: Db) => (await allChannels(db)).map(channelView);
export const listCurrencies = async (db: Db) => (await allCurrencies(db)).map(currencyView);

export type ChannelInput = Omit<typeof depositChannels.$inferInsert, 'id'>;
export type CurrencyInput = Omit<typeof withdrawCurrencies.$inferInsert, 'id'>;

/** What decides where a trader's deposit goes: changing any of it on an enabled channel redirects money. */
const ROUTING = [
  'kind',
  'currencyCode',
  'protocolCode',
  'address',
  'bankName',
  'accountName',
  'accountNumber',
  'swift',
  'bankAddress',
] as const;

const routingChanged = (before: DepositChannel, values: ChannelInput) =>
  ROUTING.some((field) => (values[field] ?? '') !== before[field]);

/** A change that sends deposits somewhere new: a new enabled channel, one enabled again, or new routing on one. */
function redirectsMoney(before: DepositChannel | undefined, values: ChannelInput): boolean {
  if (values.enabled === false) return false;
  if (!before?.enabled) return true;
  return routingChanged(before, values);
}

export interface ChannelChange {
  id?: number;
  values: ChannelInput;
}

/** Creates (no id) or edits a deposit channel in `tx`, audited with before and after. */
export async function saveChannelIn(tx: Tx, operatorId: number, { id, values }: ChannelChange) {
  const before = id ? await channelById(tx, id) : undefined;
  if (id && !before) throw refuse('not_found');
  // A demo channel given a real destination is no longer demo; an operator's new channel never is.
  const demo = Boolean(before?.demo && !routingChanged(before, values));
  const row = await saveChannel(tx, id, { ...values, demo });
  await audit(tx, {
    operatorId,
    action: id ? 'deposit_channel.update' : 'deposit_channel.create',
    targetType: 'deposit_channel',
    targetId: row.id,
    before: before ? channelView(before) : undefined,
    after: channelView(row),
  });
  return channelView(row);
}

/**
 * Creates (no id) or edits a deposit channel. One that sends deposits somewhere new waits for a second
 * operator (admin/approvals.ts makes it then); disabling, sorting or a remark is made at once.
 */
export async function upsertChannel(
  db: Db,
  operatorId: number,
  id: number | undefined,
  values: ChannelInput,
) {
  if (values.kind === 'coin' && !values.address) throw invalidInput('address');
  if (values.kind === 'wire' && !values.accountNumber) throw invalidInput('account_number');
  const before = id ? await channelById(db, id) : undefined;
  if (id && !before) throw refuse('not_found');
  if (redirectsMoney(before, values)) {
    return fileRequest(db, { operatorId }, 'deposit_channel', { id, values } satisfies ChannelChange);
  }
  return said(await db.transaction((tx) => saveChannelIn(tx, operatorId, { id, values })), 'ok');
}

/** Creates (no id) or edits a withdrawal currency, audited with before and after. */
export function upsertCurrency(db: Db, operatorId: number, id: number | undefined, values: CurrencyInput) {
  return db.transaction(async (tx) => {
    const before = id ? await currencyById(tx, id) : undefined;
    if (id && !before) throw refuse('not_found');
    const row = await saveCurrency(tx, id, values);
    await audit(tx, {
      operatorId,
      action: id ? 'withdraw_currency.update' : 'withdraw_currency.create',
      targetType: 'withdraw_currency',
      targetId: row.id,
      before: before ? currencyView(before) : undefined,
      after: currencyView(row),
    });
    return currencyView(row);
  });
}
