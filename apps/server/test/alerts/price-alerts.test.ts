import { api, Code, MAX_ACTIVE_ALERTS } from '@meridian/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Desk, desk, type Trader } from '../desk';
import { startTestApp, type TestApp } from '../harness';

let t: TestApp;
let d: Desk;
beforeAll(async () => {
  t = await startTestApp();
  d = desk(t);
  d.tick('EURUSD', bidAt('1.09000'));
  d.tick('XAUUSD', bidAt('2000.00'));
});
afterAll(() => t?.close());

const get = async (token: string, path: string, query: Record<string, string | number> = {}) =>
  (await t.call('GET', path, { token, query })).body;
const post = async (token: string, path: string, form: Record<string, string | number>, lang = 'en') =>
  (await t.call('POST', path, { token, form, lang })).body;

const setAlert = (trader: Trader, form: Record<string, string | number>, lang = 'en') =>
  post(trader.token, api.alertCreate.path, { forex_id: d.id('EURUSD'), ...form }, lang);
const alertsOf = async (trader: Trader) => (await get(trader.token, api.alertList.path)).data;
const inbox = async (trader: Trader, lang = 'en') =>
  (await t.call('GET', api.notificationList.path, { token: trader.token, lang })).body.data;

/** A tick, then the alerts it fired recorded and delivered. */
/** A provider's quote whose bid is `price`: an alert watches the bid, the quote's Close. */
const bidAt = (price: string) => ({ bid: price, ask: price });

async function tick(symbol: string, price: string) {
  d.tick(symbol, bidAt(price));
  await t.notices.settled();
}

describe('an alert above 1.1000 on EURUSD', () => {
  it('fires once, on the first tick at or over 1.1000, and tells the trader', async () => {
    const trader = await d.trader();
    const set = await setAlert(trader, { price: '1.1000', direction: 'above', note: 'breakout' });
    expect(set).toMatchObject({ code: 1, msg: 'Price alert set' });
    expect(set.data).toMatchObject({ code: 'EUR/USD', direction: 'above', price: '1.10000', fired_at: '' });

    await tick('EURUSD', '1.09990');
    expect((await alertsOf(trader))[0].fired_at).toBe('');
    expect((await inbox(trader)).unread).toBe(0);

    await tick('EURUSD', '1.10000');
    const [fired] = await alertsOf(trader);
    expect(fired.fired_price).toBe('1.10000');
    expect(fired.fired_at).not.toBe('');
    const page = await inbox(trader);
    expect(page.unread).toBe(1);
    expect(page.data[0]).toMatchObject({
      kind: 'alert_fired',
      title: 'Price alert',
      text: 'EUR/USD reached 1.10000: at or above your alert at 1.10000\nbreakout',
      read: false,
    });

    await tick('EURUSD', '1.09000');
    await tick('EURUSD', '1.10500');
    expect((await inbox(trader)).total).toBe(1);
  });
});

describe('an alert below', () => {
  it('fires on the first tick at or under its level, in the reader language', async () => {
    d.tick('EURUSD', bidAt('1.09000'));
    const trader = await d.trader();
    expect((await setAlert(trader, { price: '1.08500', direction: 'below' })).code).toBe(1);
    await tick('EURUSD', '1.08600');
    expect((await inbox(trader)).total).toBe(0);
    await tick('EURUSD', '1.08400');
    const page = await inbox(trader, 'fr');
    expect(page.data[0].text).toBe(
      'EUR/USD a atteint 1,08400 : au niveau ou en dessous de votre alerte à 1,08500',
    );
    expect((await alertsOf(trader))[0].fired_price).toBe('1.08400');
  });
});

describe('two alerts reached by one tick', () => {
  it('both fire, each told once', async () => {
    d.tick('EURUSD', bidAt('1.09000'));
    const trader = await d.trader();
    await setAlert(trader, { price: '1.09100', direction: 'above' });
    await setAlert(trader, { price: '1.09200', direction: 'above' });
    await setAlert(trader, { price: '1.09900', direction: 'above' });
    await tick('EURUSD', '1.09300');
    const alerts = await alertsOf(trader);
    expect(alerts.map((a: { fired_at: string }) => a.fired_at !== '')).toEqual([false, true, true]);
    expect((await inbox(trader)).unread).toBe(2);
  });
});

describe('a deleted alert', () => {
  it('never fires', async () => {
    d.tick('EURUSD', bidAt('1.09000'));
    const trader = await d.trader();
    const kept = (await setAlert(trader, { price: '1.09500', direction: 'above' })).data;
    const gone = (await setAlert(trader, { price: '1.09400', direction: 'above' })).data;
    expect(await post(trader.token, api.alertDelete.path, { id: gone.id })).toMatchObject({
      code: 1,
      msg: 'Price alert deleted',
    });
    await tick('EURUSD', '1.09600');
    const alerts = await alertsOf(trader);
    expect(alerts.map((a: { id: number }) => a.id)).toEqual([kept.id]);
    expect(alerts[0].fired_at).not.toBe('');
    expect((await inbox(trader)).total).toBe(1);
  });
});

describe("another trader's alert", () => {
  it('cannot be deleted (not found, as if it did not exist) nor read', async () => {
    d.tick('EURUSD', bidAt('1.09000'));
    const owner = await d.trader();
    const other = await d.trader();
    const alert = (await setAlert(owner, { price: '1.09800', direction: 'above' })).data;
    expect(await post(other.token, api.alertDelete.path, { id: alert.id })).toMatchObject({
      code: Code.NOT_FOUND,
      msg: 'Not found',
    });
    expect(await alertsOf(other)).toEqual([]);
    expect(await alertsOf(owner)).toHaveLength(1);
    await tick('EURUSD', '1.09800');
    expect((await inbox(other)).total).toBe(0);
    expect((await inbox(owner)).total).toBe(1);
  });
});

describe('setting an alert is refused', () => {
  it('when the price is already past the level, for a bad price, an unknown instrument, and over 50 waiting', async () => {
    d.tick('EURUSD', bidAt('1.09000'));
    const trader = await d.trader();
    expect(await setAlert(trader, { price: '1.08000', direction: 'above' })).toMatchObject({
      code: Code.REFUSED,
      msg: 'EUR/USD is already at 1.09000, at or above this price',
    });
    // The price is written as the trader's language writes numbers: a decimal comma, a grouped thousand.
    expect((await setAlert(trader, { price: '1.09000', direction: 'below' }, 'de')).msg).toBe(
      'EUR/USD steht bereits bei 1,09000, also auf oder unter diesem Preis',
    );
    d.tick('XAUUSD', bidAt('2000.00'));
    expect(
      (await setAlert(trader, { forex_id: d.id('XAUUSD'), price: '1990.00', direction: 'above' })).msg,
    ).toMatch(/ is already at 2,000\.00, at or above this price$/);
    for (const price of ['0', '-1', 'abc', '1.123456', '1e3']) {
      expect(await setAlert(trader, { price, direction: 'above' })).toMatchObject({
        code: Code.REFUSED,
        msg: 'Please enter a price above zero, with no more decimals than the instrument quotes (5)',
      });
    }
    expect(
      (await post(trader.token, api.alertCreate.path, { forex_id: 999_999, price: '1', direction: 'above' }))
        .code,
    ).toBe(Code.NOT_FOUND);
    expect((await setAlert(trader, { price: '1.2', direction: 'sideways' })).code).toBe(Code.INVALID_INPUT);
    expect((await setAlert(trader, { price: '1.2', direction: 'above', note: 'x'.repeat(141) })).code).toBe(
      Code.INVALID_INPUT,
    );
    for (let i = 0; i < MAX_ACTIVE_ALERTS; i++) {
      expect((await setAlert(trader, { price: `1.${2000 + i}`, direction: 'above' })).code).toBe(1);
    }
    expect(await setAlert(trader, { price: '1.3', direction: 'above' })).toMatchObject({
      code: Code.REFUSED,
      msg: 'You can have at most 50 active price alerts',
    });
    expect(await alertsOf(trader)).toHaveLength(MAX_ACTIVE_ALERTS);
  });
});

describe('the alert index', () => {
  it('is rebuilt from the database: an alert set while its bus message was lost still fires', async () => {
    d.tick('XAUUSD', bidAt('2000.00'));
    const trader = await d.trader();
    const lost = t.bus.publish;
    t.bus.publish = () => {};
    try {
      await post(trader.token, api.alertCreate.path, {
        forex_id: d.id('XAUUSD'),
        price: '2010',
        direction: 'above',
      });
    } finally {
      t.bus.publish = lost;
    }
    await tick('XAUUSD', '2011.00');
    expect((await inbox(trader)).total).toBe(0);
    await t.notices.alerts.resync();
    await tick('XAUUSD', '2012.00');
    expect((await inbox(trader)).data[0].text).toBe(
      'Gold reached 2,012.00: at or above your alert at 2,010.00',
    );
  });

  it('keeps an alert set while it reads the database back, and fires it', async () => {
    d.tick('XAUUSD', bidAt('2000.00'));
    const trader = await d.trader();
    // The read answers as a slow one would: what the database held before the alert was set, after it was.
    const db = t.database.db as unknown as { select: (...args: unknown[]) => unknown };
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    db.select = (...args) => {
      delete (db as Partial<typeof db>).select;
      const query = db.select(...args) as {
        from: (...args: unknown[]) => { execute: () => Promise<unknown> };
      };
      const from = query.from.bind(query);
      query.from = (...table) => {
        const read = from(...table);
        const execute = read.execute.bind(read);
        read.execute = async () => {
          const rows = await execute();
          await answered;
          return rows;
        };
        return read;
      };
      return query;
    };
    const resynced = t.notices.alerts.resync();
    await post(trader.token, api.alertCreate.path, {
      forex_id: d.id('XAUUSD'),
      price: '2020',
      direction: 'above',
    });
    answer();
    await resynced;
    await tick('XAUUSD', '2021.00');
    expect((await inbox(trader)).data[0].text).toBe(
      'Gold reached 2,021.00: at or above your alert at 2,020.00',
    );
  });
});
