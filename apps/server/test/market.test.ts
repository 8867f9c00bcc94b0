import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  api,
  Code,
  dayMarketTopic,
  type Instrument,
  klineTopic,
  MAX_BARS,
  PERIODS,
  type Period,
  Topic,
} from '@meridian/contract';
import { bucketStart, dec, platformQuote, pointsText, toFixed } from '@meridian/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverRoot } from '../src/config';
import { candleOf, readBars, rollUpHistory } from '../src/market/candles';
import { candles, categories, instruments } from '../src/market/schema';
import { seedMarket } from '../src/market/seed';
import type { Connection } from '../src/ws/gateway';
import { startTestApp, TEST_START, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const LOGOS = path.join(serverRoot(), '../web/public/logos');
const WIRE_FIELDS = [
  'Id',
  'Code',
  'ShowCode',
  'Logo',
  'CategoryId',
  'MarketStatus',
  'PricePrecision',
  'ForexQuotations',
  'HasForexMultiple',
  'ForexMinCont',
  'ForexContNum',
  'ForexFeeRate',
  'Pip',
  'MarginMode',
  'MaxCont',
  'SpreadRate',
  'QuoteCurrency',
  'Bid',
  'Ask',
].sort();

async function tradeList(): Promise<Instrument[]> {
  const res = await t.call('GET', api.tradeList.path);
  expect(res.body.code).toBe(Code.OK);
  return res.body.data;
}
const bySymbol = async (code: string) => (await tradeList()).find((i) => i.Code === code)!;
const priceAt = (precision: number) => new RegExp(`^\\d+${precision ? `\\.\\d{${precision}}` : ''}$`);

describe('trade_list', () => {
  it('answers the same list compressed as the client accepts: brotli, else gzip, else plain', async () => {
    const get = (encoding: string) =>
      t.http.inject({ method: 'GET', url: api.tradeList.path, headers: { 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
  });

  it('lists 30+ instruments in 6+ categories with every field of SPEC.md §3', async () => {
    const list = await tradeList();
    expect(list.length).toBeGreaterThanOrEqual(30);
    expect(new Set(list.map((i) => i.CategoryId)).size).toBeGreaterThanOrEqual(6);
    for (const i of list) {
      expect(Object.keys(i).sort(), i.Code).toEqual(WIRE_FIELDS);
      expect(Object.keys(i.ForexQuotations).sort()).toEqual(['Change', 'Close', 'High', 'Low', 'Open']);
      // Beyond SPEC: the bid (the quote's Close) and the ask, at the instrument's precision, the ask not below.
      expect([i.Bid, i.Ask], i.Code).toEqual([
        i.ForexQuotations.Close,
        expect.stringMatching(priceAt(i.PricePrecision)),
      ]);
      expect(dec(i.Ask).gte(i.Bid), i.Code).toBe(true);
      for (const price of ['Open', 'Close', 'High', 'Low'] as const) {
        expect(i.ForexQuotations[price], `${i.Code} ${price}`).toMatch(priceAt(i.PricePrecision));
      }
      expect(dec(i.ForexQuotations.High).gte(i.ForexQuotations.Low)).toBe(true);
      expect(i.ForexQuotations.Change).toMatch(/^-?\d+\.\d{2}$/);
      expect(i.HasForexMultiple.length).toBeGreaterThan(0);
      expect(dec(i.ForexMinCont).gt(0) && dec(i.Pip).gt(0)).toBe(true);
      expect(i.Logo).toMatch(/^\/logos\/[a-z0-9]+\.png$/);
      expect(existsSync(path.join(LOGOS, path.basename(i.Logo))), i.Logo).toBe(true);
    }
  });

  it('moves a logo an earlier seed left as SVG to its PNG, and keeps a logo an operator chose', async () => {
    const setLogo = (code: string, logo: string) =>
      t.database.db.update(instruments).set({ logo }).where(eq(instruments.code, code));
    await setLogo('EURUSD', '/logos/eurusd.svg');
    await setLogo('XAUUSD', '/uploads/gold.webp');
    await setLogo('BTCUSD', '/logos/ethusd.svg');
    await seedMarket(t.database.db);
    const logos = await t.database.db
      .select({ code: instruments.code, logo: instruments.logo })
      .from(instruments);
    const of = (code: string) => logos.find((i) => i.code === code)!.logo;
    expect(of('EURUSD')).toBe('/logos/eurusd.png');
    expect(of('XAUUSD')).toBe('/uploads/gold.webp');
    expect(of('BTCUSD')).toBe('/logos/ethusd.svg');
    await setLogo('XAUUSD', '/logos/xauusd.png');
    await setLogo('BTCUSD', '/logos/btcusd.png');
  });

  it('carries the real terms of the instruments', async () => {
    const list = await tradeList();
    const of = (code: string) => list.find((i) => i.Code === code)!;
    expect(of('EURUSD')).toMatchObject({
      PricePrecision: 5,
      ForexContNum: '100000',
      ForexMinCont: '0.01',
      Pip: '0.01',
    });
    expect(of('USDJPY')).toMatchObject({ PricePrecision: 3, QuoteCurrency: 'JPY' });
    expect(of('EURGBP').QuoteCurrency).toBe('GBP');
    expect(of('XAUUSD')).toMatchObject({ ForexContNum: '100', MarginMode: 2 });
    expect(of('XAGUSD').MarginMode).toBe(1);
    expect(of('EURUSD').HasForexMultiple).toContainEqual({ Value: 100 });
  });

  it('shows which markets are open at the clock (Wednesday noon UTC)', async () => {
    const list = await tradeList();
    const status = (code: string) => list.find((i) => i.Code === code)!.MarketStatus;
    expect(status('EURUSD')).toBe(1);
    expect(status('BTCUSD')).toBe(1);
    expect(status('AAPL')).toBe(0);
    t.clock.set(Date.parse('2026-11-21T12:00:00Z'));
    expect((await bySymbol('EURUSD')).MarketStatus).toBe(0);
    expect((await bySymbol('BTCUSD')).MarketStatus).toBe(1);
    t.clock.set(TEST_START);
  });

  it('closes forex in the list on the minute its week ends (Friday 22:00 UTC), with no tick between', async () => {
    t.clock.set(Date.parse('2026-11-20T21:59:59Z'));
    expect((await bySymbol('EURUSD')).MarketStatus).toBe(1);
    t.clock.set(Date.parse('2026-11-20T22:00:00Z'));
    expect((await bySymbol('EURUSD')).MarketStatus).toBe(0);
    t.clock.set(TEST_START);
    expect((await bySymbol('EURUSD')).MarketStatus).toBe(1);
  });

  it('moves the quote with a tick and gives Change against the session open', async () => {
    const before = await bySymbol('GBPUSD');
    const price = toFixed(dec(before.ForexQuotations.Open).times('1.004'), 5);
    // One price: the bid and ask around it at the instrument's spread, the bid rounded down, the ask up.
    expect(t.quote('GBPUSD', price, TEST_START + 500)).toBe(true);
    const quoted = platformQuote({ price }, { spreadRate: '0.00005', markup: '0', pricePrecision: 5 })!;
    expect(await bySymbol('GBPUSD')).toMatchObject({
      Bid: pointsText(quoted.bid, 5),
      Ask: pointsText(quoted.ask, 5),
    });
    // A provider's own bid and ask (v2) are taken as they are: Close is the bid.
    expect(t.quote('GBPUSD', { bid: price, ask: price }, TEST_START + 600)).toBe(true);
    const after = (await bySymbol('GBPUSD')).ForexQuotations;
    expect(after.Close).toBe(price);
    expect(after.Open).toBe(before.ForexQuotations.Open);
    expect(after.Change).toBe(toFixed(dec(price).minus(after.Open).div(after.Open).times(100), 2));
    expect(t.market.quote(before.Id)).toMatchObject({ price, marketOpen: true, stale: false });
  });

  it('refuses ticks for unknown symbols, closed markets, out of order or with bad prices', () => {
    const tick = { price: t.market.lastPrice(t.market.instrumentByCode('XAUUSD')!.id)!, volume: 1 };
    expect(t.market.pushTick({ ...tick, symbol: 'NOPE', time: TEST_START })).toBe(false);
    expect(t.market.pushTick({ ...tick, symbol: 'AAPL', time: TEST_START })).toBe(false);
    expect(t.market.pushTick({ ...tick, symbol: 'XAUUSD', time: TEST_START + 1000 })).toBe(true);
    expect(t.market.pushTick({ ...tick, symbol: 'XAUUSD', time: TEST_START + 999 })).toBe(false);
    expect(t.market.pushTick({ ...tick, symbol: 'XAUUSD', price: 'abc', time: TEST_START + 2000 })).toBe(
      false,
    );
    expect(t.market.pushTick({ ...tick, symbol: 'XAUUSD', price: '0', time: TEST_START + 2000 })).toBe(false);
  });

  it('keeps the last price over a restart within its minute, stale until the next tick, which it takes at once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'meridian-restart-'));
    const embedded = { databaseUrl: '', memoryDb: false, dataDir };
    try {
      const before = await startTestApp(embedded);
      expect(before.quote('XAUUSD', { bid: '2650.10', ask: '2650.40' }, TEST_START + 20_000)).toBe(true);
      await before.close();
      const after = await startTestApp(embedded, { at: TEST_START + 30_000 });
      const gold = after.market.instrumentByCode('XAUUSD')!.id;
      // Only the tick's minute is stored: its age is unknown, so no order may trade on it.
      expect(after.market.quote(gold)).toMatchObject({ price: '2650.10', stale: true });
      expect(after.quote('XAUUSD', { bid: '2650.20', ask: '2650.50' }, TEST_START + 31_000)).toBe(true);
      expect(after.market.quote(gold)).toMatchObject({ price: '2650.20', ask: '2650.50', stale: false });
      await after.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two embedded databases migrated and seeded on disk, one after the other: slow on a loaded machine.
  }, 120_000);

  it('calls a quote stale after QUOTE_MAX_AGE without ticks while the market is open', () => {
    const id = t.market.instrumentByCode('AUDUSD')!.id;
    // Received at TEST_START + 1000 by the server's clock, whatever the provider stamped.
    t.clock.set(TEST_START + 1000);
    t.market.pushTick({ symbol: 'AUDUSD', price: '0.65500', time: TEST_START - 5000, volume: 1 });
    t.clock.set(TEST_START + 1000 + t.config.quoteMaxAgeMs);
    expect(t.market.quote(id)!.stale).toBe(false);
    t.clock.set(TEST_START + 1001 + t.config.quoteMaxAgeMs);
    expect(t.market.quote(id)!.stale).toBe(true);
    t.clock.set(TEST_START);
  });
});

describe('getCategories', () => {
  it('names the categories in the caller language', async () => {
    const names = async (lang: string) =>
      (await t.call('GET', api.categories.path, { lang })).body.data.map(
        (c: { NameShowTrans: string }) => c.NameShowTrans,
      );
    expect(await names('en')).toEqual(['Forex', 'Metals', 'Energy', 'Indices', 'Crypto', 'Stocks']);
    expect(await names('de')).toContain('Aktien');
    expect(await names('hk')).toContain('外匯');
    expect(await names('cn')).toContain('外汇');
    expect(await names('ar')).toContain('الأسهم');
    const res = await t.call('GET', api.categories.path);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['Id', 'NameShowTrans']);
  });

  it('gains the simplified Chinese names on a database seeded before cn, keeping the names it had', async () => {
    await t.database.db
      .update(categories)
      .set({ names: sql`(${categories.names} - 'cn') || '{"en":"FX"}'::jsonb` });
    await seedMarket(t.database.db);
    const names = async (lang: string) =>
      (await t.call('GET', api.categories.path, { lang })).body.data.map(
        (c: { NameShowTrans: string }) => c.NameShowTrans,
      );
    expect(await names('cn')).toEqual(['外汇', '贵金属', '能源', '指数', '加密货币', '股票']);
    expect(await names('en')).toEqual(['FX', 'FX', 'FX', 'FX', 'FX', 'FX']);
    await t.database.db.update(categories).set({ names: sql`${categories.names} - 'en'` });
    await seedMarket(t.database.db);
    expect(await names('en')).toEqual(['Forex', 'Metals', 'Energy', 'Indices', 'Crypto', 'Stocks']);
  });
});

describe('kline', () => {
  const kline = (query: Record<string, string | number>) => t.call('GET', api.kline.path, { query });

  it.each(PERIODS.map((p) => [p.period, p.seconds] as const))(
    'returns %s bars ascending on UTC boundaries, ending at the live price',
    async (period, seconds) => {
      const eurusd = await bySymbol('EURUSD');
      const res = await kline({ forex_id: eurusd.Id, period });
      expect(res.body.code).toBe(Code.OK);
      const rows = res.body.data;
      expect(rows.length).toBeGreaterThan(period === '1day' ? 250 : 2);
      for (const [i, row] of rows.entries()) {
        expect(Object.keys(row).sort()).toEqual(['Close', 'High', 'Low', 'Open', 'Time', 'Volume']);
        expect(bucketStart(seconds, row.Time)).toBe(row.Time);
        if (i > 0) expect(row.Time).toBeGreaterThan(rows[i - 1].Time);
        expect(row.Open).toMatch(priceAt(5));
        expect(dec(row.High).gte(row.Open) && dec(row.High).gte(row.Close)).toBe(true);
        expect(dec(row.Low).lte(row.Open) && dec(row.Low).lte(row.Close)).toBe(true);
      }
      expect(rows.at(-1).Close).toBe(eurusd.ForexQuotations.Close);
      expect(rows.at(-1).Time * 1000).toBeLessThanOrEqual(TEST_START);
    },
  );

  it('grows the bar in progress and opens the next one on the boundary', async () => {
    const id = t.market.instrumentByCode('USDCHF')!.id;
    const minute = Date.parse('2026-11-18T12:05:00Z');
    // Bars follow the server's clock when each tick is received.
    for (const [at, price] of [
      [10_000, '0.80001'],
      [20_000, '0.80050'],
      [59_999, '0.79990'],
      [60_000, '0.80010'],
    ] as const) {
      t.clock.set(minute + at);
      // Bars are drawn on the bid.
      t.market.pushTick({ symbol: 'USDCHF', bid: price, ask: price, time: minute + at, volume: 1 });
    }
    const rows = (await kline({ forex_id: id, period: '1min', limit: 2 })).body.data;
    expect(rows).toEqual([
      {
        Time: minute / 1000,
        Open: '0.80001',
        High: '0.80050',
        Low: '0.79990',
        Close: '0.79990',
        Volume: '3',
      },
      {
        Time: minute / 1000 + 60,
        Open: '0.80010',
        High: '0.80010',
        Low: '0.80010',
        Close: '0.80010',
        Volume: '1',
      },
    ]);
    const hour = (await kline({ forex_id: id, period: '60min', limit: 1 })).body.data[0];
    expect(hour).toMatchObject({ Time: Date.parse('2026-11-18T12:00:00Z') / 1000, Close: '0.80010' });
    expect(dec(hour.High).gte('0.80050')).toBe(true);
    t.clock.set(TEST_START);
  });

  it('starts 4H bars on UTC midnight and 1W bars on Monday', async () => {
    const id = (await bySymbol('EURUSD')).Id;
    const fourHours = (await kline({ forex_id: id, period: '4hour' })).body.data;
    expect(fourHours.slice(-3).map((c: { Time: number }) => new Date(c.Time * 1000).toISOString())).toEqual([
      '2026-11-18T00:00:00.000Z',
      '2026-11-18T04:00:00.000Z',
      '2026-11-18T08:00:00.000Z',
    ]);
    const weeks = (await kline({ forex_id: id, period: '1week' })).body.data;
    expect(weeks.length).toBeGreaterThan(50);
    for (const week of weeks) expect(new Date(week.Time * 1000).getUTCDay()).toBe(1);
    expect(weeks.at(-1)).toMatchObject({
      Time: Date.parse('2026-11-16T00:00:00Z') / 1000,
      Close: (await bySymbol('EURUSD')).ForexQuotations.Close,
    });
  });

  it('rolls up 4H and 1W history from the hours and days stored before they existed', async () => {
    const { id, pricePrecision } = t.market.instrumentByCode('GBPUSD')!;
    // The stored bars: kline answers from memory once a series has been read.
    const read = async (period: Period) => {
      await t.market.flush();
      const bars = await readBars(t.database.db, id, pricePrecision, period, MAX_BARS);
      return bars.map((bar) => candleOf(bar, pricePrecision));
    };
    const answer = async (period: Period) => (await kline({ forex_id: id, period })).body.data;
    const before = { hours: await answer('4hour'), weeks: await answer('1week') };
    expect(await read('4hour')).toEqual(before.hours);
    await t.database.db
      .delete(candles)
      .where(and(eq(candles.instrumentId, id), inArray(candles.period, ['4hour', '1week'])));
    expect(await read('4hour')).toEqual([]);
    await rollUpHistory(t.database.db, id, pricePrecision, '4hour');
    await rollUpHistory(t.database.db, id, pricePrecision, '1week');
    // Before the hours, generated history has 4H bars of their own: the roll-up gives those the hours make.
    const [firstHour] = await readBars(t.database.db, id, pricePrecision, '60min', Number.MAX_SAFE_INTEGER);
    expect(await read('4hour')).toEqual(
      before.hours.filter((c: { Time: number }) => c.Time >= firstHour!.time),
    );
    expect(await read('1week')).toEqual(before.weeks);
  });

  it('honours limit', async () => {
    const id = (await bySymbol('BTCUSD')).Id;
    expect((await kline({ forex_id: id, period: '5min', limit: 5 })).body.data).toHaveLength(5);
  });

  it.each([
    [{ forex_id: 'abc', period: '1min' }, Code.INVALID_INPUT, 'Invalid value for forex_id'],
    [{ period: '1min' }, Code.INVALID_INPUT, 'Invalid value for forex_id'],
    [{ forex_id: 1, period: '2min' }, Code.INVALID_INPUT, 'Invalid value for period'],
    [{ forex_id: 1, period: '1min', limit: 100000 }, Code.INVALID_INPUT, 'Invalid value for limit'],
    [{ forex_id: 99999, period: '1min' }, Code.NOT_FOUND, 'This instrument is not available'],
  ])('refuses %o with a clear msg', async (query, code, msg) => {
    const res = await kline(query);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toMatchObject({ code, msg });
  });
});

describe('abbreviated_cache_kline', () => {
  it('gives every instrument a small series that ends at its live price', async () => {
    // The short test history holds no half-hour bars for markets that have not opened today (US500…).
    const res = await t.call('GET', api.abbreviatedKline.path);
    const list = await tradeList();
    expect(res.body.data).toHaveLength(list.length);
    for (const series of res.body.data) {
      expect(Object.keys(series).sort()).toEqual(['Code', 'Id', 'Points']);
      expect(series.Points.length).toBeLessThanOrEqual(48);
      const instrument = list.find((i) => i.Id === series.Id)!;
      if (series.Points.length)
        expect(series.Points.at(-1), series.Code).toBe(instrument.ForexQuotations.Close);
    }
    expect(res.body.data.find((s: { Code: string }) => s.Code === 'EURUSD').Points.length).toBeGreaterThan(
      10,
    );
  });
});

describe('search', () => {
  const search = async (query: Record<string, string>) =>
    (await t.call('GET', api.searchInstrument.path, { query })).body;

  it('finds instruments by name or currency, case-insensitively', async () => {
    const codes = async (query: Record<string, string>) =>
      (await search(query)).data.map((i: Instrument) => i.Code);
    expect(await codes({ name: 'eur' })).toEqual(expect.arrayContaining(['EURUSD', 'EURGBP', 'EURJPY']));
    expect(await codes({ name: 'gold' })).toEqual(['XAUUSD']);
    const jpy = await codes({ searchCurrency: 'JPY' });
    expect(jpy).toEqual(expect.arrayContaining(['USDJPY', 'EURJPY', 'GBPJPY', 'JPN225']));
    expect(await codes({ name: 'zzz' })).toEqual([]);
    expect((await search({})).data.length).toBeGreaterThanOrEqual(30);
  });

  it('refuses an overlong query', async () => {
    expect(await search({ name: 'x'.repeat(200) })).toMatchObject({
      code: Code.INVALID_INPUT,
      msg: 'Invalid value for name',
    });
  });
});

describe('the websocket', () => {
  let url: string;
  beforeAll(async () => {
    await t.http.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.http.server.address() as { port: number }).port}/v1/ws`;
  });

  async function subscriber(...topics: string[]) {
    const ws = new WebSocket(url);
    const messages: any[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    for (const topic of topics) ws.send(JSON.stringify({ type: 'sub', params: topic }));
    await until(() => messages.filter((m) => m.type === 'sub').length === topics.length);
    return { ws, messages: () => messages.filter((m) => m.type !== 'sub') };
  }

  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };

  it('pushes DAY_MARKET and the kline of every period to subscribers', async () => {
    const topics = [Topic.DAY_MARKET, ...PERIODS.map((p) => klineTopic('ETHUSD', p.period))];
    const client = await subscriber(...topics);
    const time = t.clock.now();
    t.market.pushTick({ symbol: 'ETHUSD', bid: '3220.15', ask: '3221.05', time: time - 3000, volume: 1 });
    await until(() => client.messages().length === 1 + PERIODS.length);
    const day = client.messages().find((m) => m.type === 'DAY_MARKET');
    const klines = client.messages().filter((m) => m.type === 'kline');
    expect(day).toMatchObject({
      type: 'DAY_MARKET',
      code: 1,
      symbol: 'ETHUSD',
      quotation: { close: '3220.15', bid: '3220.15', ask: '3221.05', time },
    });
    expect(Object.keys(day.quotation).sort()).toEqual([
      'ask',
      'bid',
      'change',
      'close',
      'high',
      'low',
      'open',
      'time',
    ]);
    expect(klines.map((k) => k.kline.Period)).toEqual(PERIODS.map((p) => p.period));
    for (const [i, k] of klines.entries()) {
      expect(k).toMatchObject({ type: 'kline', code: 1, symbol: 'ETHUSD', kline: { Close: '3220.15' } });
      expect(k.kline.Time).toBe(bucketStart(PERIODS[i]!.seconds, time / 1000));
    }
    client.ws.close();
  });

  // Issue 50: a trade screen follows its instrument alone, not every instrument's quotes.
  it("pushes one instrument's quotes alone on DAY_MARKET:<symbol>", async () => {
    const one = await subscriber(dayMarketTopic('ETHUSD'));
    const all = await subscriber(Topic.DAY_MARKET);
    const time = t.clock.now();
    t.market.pushTick({ symbol: 'BTCUSD', bid: '96000.00', ask: '96010.00', time, volume: 1 });
    t.market.pushTick({ symbol: 'ETHUSD', bid: '3221.15', ask: '3222.05', time, volume: 1 });
    await until(() => all.messages().length === 2 && one.messages().length === 1);
    expect(one.messages()).toEqual([all.messages().find((m) => m.symbol === 'ETHUSD')]);
    expect(one.messages()[0]).toMatchObject({
      type: 'DAY_MARKET',
      symbol: 'ETHUSD',
      quotation: { bid: '3221.15' },
    });
    one.ws.close();
    all.ws.close();
  });

  it('keeps serving others while a slow consumer falls behind', async () => {
    const fast = await subscriber(Topic.DAY_MARKET);
    const sent: string[] = [];
    let terminated = false;
    // A client whose socket already has more than the gateway's buffer limit waiting.
    const slow: Connection = t.gateway.add({
      readyState: 1,
      OPEN: 1,
      bufferedAmount: 8 * 1024 * 1024,
      send: (text: string) => sent.push(text),
      terminate: () => {
        terminated = true;
      },
    } as any);
    t.gateway.subscribe(slow, Topic.DAY_MARKET);
    for (let i = 1; i <= 200; i++) {
      t.market.pushTick({
        symbol: 'SOLUSD',
        bid: `${148 + i / 100}`,
        ask: `${149 + i / 100}`,
        time: TEST_START + 4000 + i,
        volume: 1,
      });
    }
    await until(() => fast.messages().length === 200);
    expect(fast.messages().at(-1).quotation.close).toBe('150.00');
    expect(sent).toHaveLength(0);
    expect(terminated).toBe(false);
    t.gateway.remove(slow);
    fast.ws.close();
  });
});
