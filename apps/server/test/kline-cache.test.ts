import { gunzipSync } from 'node:zlib';
import { api, type Candle, Code, MAX_BARS, PERIODS, type Period } from '@meridian/contract';
import type { Bar } from '@meridian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentFeed } from '../src/feed/feed';
import { BarBook, candleOf, overStored, readBars } from '../src/market/candles';
import { KlineCache, type KlineView } from '../src/market/kline-cache';
import { createMarket, type Market } from '../src/market/service';
import { Piece, splicedGzip } from '../src/market/spliced-gzip';
import { startTestApp, TEST_START, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const MINUTE = 60_000;
/** A minute after the history ends (the test app starts at TEST_START), on a crypto market that is open. */
const AT = TEST_START + 10 * MINUTE;
const SYMBOL = 'BTCUSD';

async function kline(period: Period, limit: number, headers: Record<string, string> = {}) {
  const id = t.market.instrumentByCode(SYMBOL)!.id;
  return t.http.inject({
    method: 'GET',
    url: api.kline.path,
    query: { forex_id: String(id), period, limit: String(limit) },
    headers,
  });
}

async function candles(period: Period, limit = MAX_BARS): Promise<Candle[]> {
  const res = await kline(period, limit);
  expect(res.json().code).toBe(Code.OK);
  return res.json().data;
}

/** What the database holds once this node's bars in progress are written: what kline read before its cache. */
async function stored(market: Market, period: Period, limit = MAX_BARS): Promise<Candle[]> {
  const { id, pricePrecision } = market.instrumentByCode(SYMBOL)!;
  await market.flush();
  return (await readBars(t.database.db, id, pricePrecision, period, limit)).map((b) =>
    candleOf(b, pricePrecision),
  );
}

const tick = (market: Market, price: string, time: number) =>
  // Bid and ask at `price`: bars are drawn on the bid.
  expect(market.pushTick({ symbol: SYMBOL, bid: price, ask: price, time, volume: 1 })).toBe(true);

const viewCandles = (view: KlineView): Candle[] =>
  JSON.parse(`[${[view.closed.text, view.live].filter(Boolean).join(',')}]`);

describe('kline from memory', () => {
  it('adds a bar when it closes and moves the bar in progress with every tick, as stored', async () => {
    t.clock.set(AT);
    const before = await candles('1min');
    expect(before).toEqual(await stored(t.market, '1min'));
    expect(await candles('5min')).toEqual(await stored(t.market, '5min'));

    tick(t.market, '97000.00', AT);
    tick(t.market, '97100.50', AT + 20_000);
    let rows = await candles('1min', 3);
    expect(rows.at(-1)).toEqual({
      Time: AT / 1000,
      Open: '97000.00',
      High: '97100.50',
      Low: '97000.00',
      Close: '97100.50',
      Volume: '2',
    });
    tick(t.market, '96900.25', AT + 40_000);
    expect((await candles('1min', 3)).at(-1)).toMatchObject({ Low: '96900.25', Close: '96900.25' });

    // The next minute's first tick closes the bar: the answer keeps it, with every tick it took.
    t.clock.set(AT + MINUTE);
    tick(t.market, '96950.00', AT + MINUTE + 1000);
    rows = await candles('1min', 3);
    expect(rows.slice(-2)).toEqual([
      {
        Time: AT / 1000,
        Open: '97000.00',
        High: '97100.50',
        Low: '96900.25',
        Close: '96900.25',
        Volume: '3',
      },
      {
        Time: AT / 1000 + 60,
        Open: '96950.00',
        High: '96950.00',
        Low: '96950.00',
        Close: '96950.00',
        Volume: '1',
      },
    ]);
    // The whole answer, every period read so far, is what a read of the database gives.
    const after = await candles('1min');
    expect(after).toEqual(await stored(t.market, '1min'));
    expect(after.slice(0, -2)).toEqual(before.slice(before.length + 2 - after.length));
    expect(await candles('5min')).toEqual(await stored(t.market, '5min'));
    expect(await candles('1min', 1)).toEqual(after.slice(-1));
  });

  it('answers the same JSON gzipped, in the caller language', async () => {
    const plain = await kline('1min', 50, { lang: 'de' });
    const zipped = await kline('1min', 50, { lang: 'de', 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.json()).toMatchObject({ code: Code.OK, msg: expect.any(String) });
    expect(plain.json().data).toHaveLength(50);
    expect(plain.json().msg).not.toBe((await kline('1min', 50)).json().msg);
  });

  it('splices gzip pieces compressed apart into one member', () => {
    const pieces = [new Piece('{"a":['), new Piece(''), new Piece('1,2,3,'.repeat(5000))];
    const text = `${pieces.map((p) => p.text).join('')}4]}`;
    expect(gunzipSync(splicedGzip(pieces, '4]}')).toString()).toBe(text);
    expect(gunzipSync(splicedGzip([], 'ü')).toString()).toBe('ü');
  });

  it('keeps a follower current: its bars close with the ticks the leader sends on the bus', async () => {
    // A node starts from what is stored (the leader writes its bars each second).
    await t.market.flush();
    const follower = createMarket({
      db: t.database.db,
      bus: t.bus,
      config: t.config,
      now: t.clock.now,
      feed: silentFeed,
      log: t.log,
    });
    await follower.start();
    await follower.follow();
    try {
      const id = follower.instrumentByCode(SYMBOL)!.id;
      const read = async (market: Market, limit = MAX_BARS) =>
        viewCandles(await market.klines(id, '1min', limit));
      const first = await read(follower);
      expect(first).toEqual(await read(t.market));

      const minute = AT + 5 * MINUTE;
      // Bitcoin brought to 98000.00 a minute before, confirmed past the spike filter as a provider would.
      t.clock.set(minute - MINUTE);
      expect(t.quote(SYMBOL, { bid: '98000.00', ask: '98000.00' })).toBe(true);
      t.clock.set(minute);
      tick(t.market, '98000.00', minute);
      tick(t.market, '98010.00', minute + 30_000);
      expect((await read(follower, 2)).at(-1)).toMatchObject({ Time: minute / 1000, Close: '98010.00' });
      t.clock.set(minute + MINUTE);
      tick(t.market, '98020.00', minute + MINUTE);
      const rows = await read(follower);
      expect(rows.slice(-2)).toEqual([
        {
          Time: minute / 1000,
          Open: '98000.00',
          High: '98010.00',
          Low: '98000.00',
          Close: '98010.00',
          Volume: '2',
        },
        {
          Time: minute / 1000 + 60,
          Open: '98020.00',
          High: '98020.00',
          Low: '98020.00',
          Close: '98020.00',
          Volume: '1',
        },
      ]);
      expect(rows).toEqual(await read(t.market));
      // The leader's writes: the follower writes none.
      expect(rows).toEqual(await stored(t.market, '1min'));
    } finally {
      await follower.stop();
    }
  });
});

describe('the kline cache', () => {
  const bar = (time: number, close: number, volume = 1): Bar => ({
    time,
    open: close,
    high: close,
    low: close,
    close,
    volume,
  });
  const cacheOf = (book: BarBook, stored: (id: number, period: Period) => Promise<Bar[]>) => {
    const reads: string[] = [];
    const cache = new KlineCache({
      book,
      precisionOf: () => 2,
      stored: (id, _precision, period) => {
        reads.push(`${id}:${period}`);
        return stored(id, period);
      },
      check: () => {},
    });
    const tick = (id: number, part: Bar) => cache.moved(id, book.apply(id, 2, part, ['1min']));
    return { cache, reads, tick };
  };

  it('keeps the bars that close while the stored ones are read, as the book made them', async () => {
    const book = new BarBook();
    book.apply(1, 2, bar(60, 100), ['1min']);
    let release: (rows: Bar[]) => void = () => {};
    const { cache, tick } = cacheOf(book, () => new Promise((resolve) => (release = resolve)));
    const reading = cache.view(1, '1min', 10);
    tick(1, bar(70, 101));
    tick(1, bar(120, 102));
    tick(1, bar(180, 103));
    // Written before those ticks: the bar of 60 as it was then.
    release([bar(0, 99), bar(60, 100)]);
    expect(viewCandles(await reading)).toEqual([
      candleOf(bar(0, 99), 2),
      candleOf({ time: 60, open: 100, high: 101, low: 100, close: 101, volume: 2 }, 2),
      candleOf(bar(120, 102), 2),
      candleOf(bar(180, 103), 2),
    ]);
  });

  it("lays a node's latest bars over the stored ones, unless a stored one took more ticks", () => {
    const book = new BarBook();
    for (const part of [bar(60, 100), bar(70, 101), bar(120, 102), bar(180, 103), bar(190, 104)])
      book.apply(1, 2, part, ['1min']);
    // The two bars ticks moved last: the one in progress and the one before it.
    const recent = book.recent(1, '1min');
    expect(recent.map((b) => b.time)).toEqual([120, 180]);
    // The leader wrote the bar of 120 with a tick this node missed, and not yet the bar of 180.
    const stored = [bar(0, 99), bar(60, 100, 2), { ...bar(120, 105), volume: 2 }];
    expect(overStored(stored, recent, 3)).toEqual([bar(60, 100, 2), stored[2], recent[1]]);
    // An older copy of it (as many ticks or fewer) gives way to the node's.
    expect(overStored([bar(0, 99), bar(120, 90)], recent, 10)).toEqual([bar(0, 99), ...recent]);
  });

  it('reads again when the book moved without a tick, and drops the least recently read series', async () => {
    const book = new BarBook();
    const { cache, reads, tick } = cacheOf(book, async () => [bar(0, 99)]);
    book.apply(1, 2, bar(60, 100), ['1min']);
    await cache.view(1, '1min', 5);
    tick(1, bar(120, 101));
    await cache.view(1, '1min', 5);
    expect(reads).toEqual(['1:1min']);
    book.restore(1, '1min', bar(180, 102));
    expect(viewCandles(await cache.view(1, '1min', 5)).at(-1)).toEqual(candleOf(bar(180, 102), 2));
    expect(reads).toEqual(['1:1min', '1:1min']);

    reads.length = 0;
    const series = Array.from(
      { length: 64 },
      (_, i) => [2 + Math.floor(i / 8), PERIODS[i % 8]!.period] as const,
    );
    for (const [id, period] of series) await cache.view(id, period, 5);
    await cache.view(1, '1min', 5);
    expect(reads).toHaveLength(65);
    await cache.view(series[1]![0], series[1]![1], 5);
    expect(reads).toHaveLength(65);
    await cache.view(series[0]![0], series[0]![1], 5);
    expect(reads).toHaveLength(66);
  });
});
