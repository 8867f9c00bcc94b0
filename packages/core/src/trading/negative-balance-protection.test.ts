import { describe, expect, it } from 'vitest';
import { dec } from '../decimal';
import { orderCost } from './margin';
import { floatingPnl } from './pnl';
import { closingAmount, coverDeficit } from './settle';
import { pricesOf, XAUUSD } from './test/fixtures';

// Buy 0.1 lot gold at 2000.00 with 1:100 from a balance of 220.50; gold gaps down to 1970.00.
const usdOnly = pricesOf({});

describe('negative balance protection after gold gaps through the margin', () => {
  const cost = orderCost(XAUUSD, { lots: '0.1', leverage: 100 }, '2000.00', 1, usdOnly);
  const balance = dec('220.50').minus(cost.margin).minus(cost.fee);
  const pnl = floatingPnl(XAUUSD, { side: 'buy', lots: '0.1', price: cost.price }, '1970.00', usdOnly);
  const afterClose = balance.plus(closingAmount(cost.margin, pnl));

  it('opens with margin 200 and fee 0.5, leaving 20; loses 30 × 10 = 300; the close returns −100, leaving −80', () => {
    expect(balance.toFixed()).toBe('20');
    expect(pnl.toFixed()).toBe('-300');
    expect(closingAmount(cost.margin, pnl).toFixed()).toBe('-100');
    expect(afterClose.toFixed()).toBe('-80');
  });

  it('tops up exactly 80 when the account holds nothing else', () => {
    expect(coverDeficit(afterClose, [], [], true)).toEqual({
      cancel: [],
      unlock: [],
      protection: dec(80),
      balanceAfter: dec(0),
    });
  });

  it('cancels a pending order worth 50 and returns a 100 withdrawal before any top-up: none is due', () => {
    const cover = coverDeficit(afterClose, [{ id: 7, amount: '50' }], [{ id: 3, amount: '100' }], true);
    expect(cover).toMatchObject({ cancel: [7], unlock: [3] });
    expect(cover.protection.toFixed()).toBe('0');
    expect(cover.balanceAfter.toFixed()).toBe('70');
  });

  it('takes reserves one by one and stops as soon as the balance is no longer negative', () => {
    const reserves = [
      { id: 1, amount: '30' },
      { id: 2, amount: '50' },
      { id: 3, amount: '40' },
    ];
    const cover = coverDeficit(afterClose, reserves, [{ id: 9, amount: '500' }], true);
    expect(cover.cancel).toEqual([1, 2]);
    expect(cover.unlock).toEqual([]);
    expect(cover.balanceAfter.toFixed()).toBe('0');
  });

  it('covers only the 20 left after a 60 reserve', () => {
    const cover = coverDeficit(afterClose, [{ id: 1, amount: '60' }], [], true);
    expect(cover.protection.toFixed()).toBe('20');
    expect(cover.balanceAfter.toFixed()).toBe('0');
  });

  it('leaves −80 when the protection setting is off', () => {
    const cover = coverDeficit(afterClose, [], [], false);
    expect(cover.protection.toFixed()).toBe('0');
    expect(cover.balanceAfter.toFixed()).toBe('-80');
  });

  it('does nothing to a balance that is not negative', () => {
    const cover = coverDeficit('0', [{ id: 1, amount: '5' }], [{ id: 2, amount: '5' }], true);
    expect(cover).toEqual({ cancel: [], unlock: [], protection: dec(0), balanceAfter: dec(0) });
  });
});
