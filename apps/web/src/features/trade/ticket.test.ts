import { dec, type Instrument, openPrice, type Side } from '@meridian/core';
import { describe, expect, it } from 'vitest';
import { NO_STOP } from './stopFields';
import { type TicketForm, ticketFor } from './ticket';

/** EUR/USD with a spread: a buy fills at the ask 1.10011, a sell at the bid 1.09989. */
const EURUSD: Instrument = {
  id: 1,
  contractSize: '100000',
  minLots: '0.01',
  lotStep: '0.01',
  maxLots: null,
  leverages: [100],
  feeRate: '0',
  fixedMargin: false,
  pricePrecision: 5,
  quoteCurrency: 'USD',
};

const QUOTE = { bid: '1.09989', ask: '1.10011' };

const form = (patch: Partial<TicketForm>): TicketForm => ({
  terms: EURUSD,
  lots: '0.1',
  quote: QUOTE,
  pendingTarget: null,
  stopLoss: NO_STOP,
  takeProfit: NO_STOP,
  trailing: { on: false, value: '' },
  prices: () => undefined,
  ...patch,
});
const cost = (side: Side) => ({ price: openPrice(side, QUOTE), margin: dec(110), fee: dec(0) });
const ticket = (side: Side, patch: Partial<TicketForm>) => ticketFor(side, form(patch), cost(side));

describe('the order form’s ticket', () => {
  it('puts a 0.1-lot sell’s 50 USD stop loss 500 points above the bid it sells at, losing exactly 50', () => {
    const sell = ticket('sell', { stopLoss: { on: true, mode: 'money', value: '50' } });
    expect(sell.fillPrice).toBe('1.09989');
    expect(sell.stopLoss).toBe('1.10489');
    expect(sell.pnlAtSl).toBe('-50.000000');
    expect(sell.refusal).toBeNull();
  });

  it('puts a buy’s take profit 200 points above the ask, and sends a trailing stop of 20 points as 0.00020', () => {
    const buy = ticket('buy', {
      takeProfit: { on: true, mode: 'points', value: '200' },
      trailing: { on: true, value: '20' },
    });
    expect(buy.takeProfit).toBe('1.10211');
    expect(buy.pnlAtTp).toBe('20.000000');
    expect(buy.trailingDistance).toBe('0.00020');
  });

  it('refuses points that are not a whole number, and a trailing distance of none', () => {
    expect(ticket('buy', { stopLoss: { on: true, mode: 'points', value: '2.5' } }).refusal).toBe(
      'sl_invalid',
    );
    expect(ticket('buy', { trailing: { on: true, value: '0' } }).refusal).toBe('trailing_invalid');
  });

  it('shows no P&L at a typed stop loss on the wrong side, and refuses it as the server would', () => {
    const buy = ticket('buy', { stopLoss: { on: true, mode: 'price', value: '1.2' } });
    expect(buy.pnlAtSl).toBeNull();
    expect(buy.refusal).toBe('sl_wrong_side');
  });
});

describe('a stop switched on and left empty', () => {
  it('keeps the order from being sent, with the stop named, until a level is typed or it is switched off', () => {
    const empty = { on: true, mode: 'price' as const, value: ' ' };
    const buy = ticket('buy', { stopLoss: empty, takeProfit: empty });
    expect(buy.refusals).toEqual(['sl_required', 'tp_required']);
    expect(buy.stopLoss).toBeNull();
    expect(ticket('buy', { stopLoss: { ...empty, value: '1.09' } }).refusal).toBeNull();
    expect(ticket('buy', { stopLoss: { ...empty, on: false } }).refusal).toBeNull();
  });

  it('tells every field that is wrong at once, not only the first', () => {
    const sell = ticket('sell', {
      stopLoss: { on: true, mode: 'price', value: '1.05' },
      takeProfit: { on: true, mode: 'price', value: '1.2' },
      trailing: { on: true, value: 'x' },
    });
    expect(sell.refusals).toEqual(['sl_wrong_side', 'tp_wrong_side', 'trailing_invalid']);
  });
});
