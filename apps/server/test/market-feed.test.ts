import type { Schedule } from '@meridian/core';
import { ALWAYS_OPEN } from '@meridian/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ExternalFeed, type FeedLog, leadingProvider } from '../src/feed/external';
import type { FeedInstrument, PriceTick, Tick } from '../src/feed/feed';
import { Simulator } from '../src/feed/simulator';
import { startFakeFeed } from './fake-feed';

const forexHours: Schedule = { windows: [{ open: 'Sun 22:00', close: 'Fri 22:00' }], holidays: [] };
const INSTRUMENTS: FeedInstrument[] = [
  { symbol: 'EURUSD', price: '1.16480', precision: 5, volatility: 0.07, schedule: forexHours },
  {
    symbol: 'BTCUSD',
    price: '96250.00',
    precision: 2,
    volatility: 0.5,
    schedule: { windows: ALWAYS_OPEN, holidays: [] },
  },
];
/** A feed log that keeps the events' names, whatever their level. */
const recorder = (events: string[]): FeedLog => ({
  info: (_, event) => events.push(event),
  warn: (_, event) => events.push(event),
});

const WEDNESDAY = Date.parse('2026-11-18T12:00:00Z');
const SATURDAY = Date.parse('2026-11-21T12:00:00Z');

function simulate(seed: number, start: number, minutes: number): PriceTick[] {
  const sim = new Simulator(seed, () => start);
  sim.load(INSTRUMENTS);
  const ticks: PriceTick[] = [];
  // Released in uneven steps, as a timer would: the ticks must not depend on how they are released.
  const end = start + minutes * 60_000;
  for (let t = start; t < end; t += 777) ticks.push(...sim.advance(t));
  ticks.push(...sim.advance(end));
  return ticks;
}

describe('the simulator', () => {
  it('gives the same ticks for the same seed and different ones for another seed', () => {
    const a = simulate(42, WEDNESDAY, 10);
    expect(a.length).toBeGreaterThan(1000);
    expect(simulate(42, WEDNESDAY, 10)).toEqual(a);
    const sim = new Simulator(42, () => WEDNESDAY);
    sim.load(INSTRUMENTS);
    expect(sim.advance(WEDNESDAY + 10 * 60_000)).toEqual(a);
    expect(simulate(43, WEDNESDAY, 10)).not.toEqual(a);
  });

  it('ticks every open instrument often, at random intervals, at its precision', () => {
    const ticks = simulate(7, WEDNESDAY, 5);
    for (const { symbol, precision } of INSTRUMENTS) {
      const own = ticks.filter((t) => t.symbol === symbol);
      const gaps = own.slice(1).map((t, i) => t.time - own[i]!.time);
      expect(Math.max(...gaps), symbol).toBeLessThanOrEqual(4000);
      expect(new Set(gaps).size, symbol).toBeGreaterThan(20);
      for (const t of own) expect(t.price).toMatch(new RegExp(`^\\d+\\.\\d{${precision}}$`));
    }
    const prices = new Set(ticks.filter((t) => t.symbol === 'EURUSD').map((t) => t.price));
    expect(prices.size).toBeGreaterThan(10);
  });

  it('makes no ticks while a market is closed', () => {
    const ticks = simulate(7, SATURDAY, 60);
    expect(ticks.some((t) => t.symbol === 'EURUSD')).toBe(false);
    expect(ticks.some((t) => t.symbol === 'BTCUSD')).toBe(true);
  });
});

describe('the external feed adapter', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup) await step();
    cleanup = [];
  });

  async function connected() {
    const provider = await startFakeFeed();
    const events: string[] = [];
    const feed = new ExternalFeed({ urls: [provider.url], log: recorder(events) });
    const ticks: Tick[] = [];
    cleanup.push(
      () => feed.stop(),
      () => provider.close(),
    );
    feed.start(INSTRUMENTS, (tick) => ticks.push(tick));
    await provider.subscribed(1);
    return { provider, feed, ticks, events };
  }

  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 10));
  };

  it('subscribes to the instruments and delivers valid ticks', async () => {
    const { provider, ticks } = await connected();
    expect(provider.subscriptions[0]).toEqual(['EURUSD', 'BTCUSD']);
    provider.send({ type: 'heartbeat' });
    provider.send({ type: 'tick', symbol: 'EURUSD', price: '1.16501', time: WEDNESDAY });
    provider.send({ type: 'tick', symbol: 'BTCUSD', price: '96260.5', time: WEDNESDAY + 1, volume: 3 });
    await until(() => ticks.length === 2);
    expect(ticks).toEqual([
      { type: 'tick', symbol: 'EURUSD', price: '1.16501', time: WEDNESDAY, volume: 1, source: 0 },
      { type: 'tick', symbol: 'BTCUSD', price: '96260.5', time: WEDNESDAY + 1, volume: 3, source: 0 },
    ]);
  });

  it('delivers a v2 quote with its own bid and ask, and refuses one without both or with junk in either', async () => {
    const { provider, ticks, events } = await connected();
    provider.send({ type: 'quote', symbol: 'EURUSD', bid: '1.16480', time: WEDNESDAY });
    provider.send({ type: 'quote', symbol: 'EURUSD', bid: '1.16480', ask: 'x', time: WEDNESDAY });
    provider.send({ type: 'quote', symbol: 'EURUSD', bid: '1.16480', ask: '1.16492', time: WEDNESDAY });
    await until(() => ticks.length === 1);
    expect(ticks[0]).toEqual({
      type: 'quote',
      symbol: 'EURUSD',
      bid: '1.16480',
      ask: '1.16492',
      time: WEDNESDAY,
      volume: 1,
      source: 0,
    });
    expect(events.filter((e) => e === 'feed message refused')).toHaveLength(2);
  });

  it('refuses malformed messages and keeps going', async () => {
    const { provider, ticks, events } = await connected();
    for (const junk of [
      'not json',
      { type: 'tick', symbol: 'EURUSD', price: 1.165, time: WEDNESDAY },
      { type: 'tick', symbol: 'EURUSD', price: '-1', time: WEDNESDAY },
      { type: 'tick', symbol: 'EURUSD', price: '1e3', time: WEDNESDAY },
      { type: 'tick', symbol: 'EURUSD', price: '1.1', time: 'now' },
      { type: 'quote' },
    ]) {
      provider.send(junk);
    }
    provider.send({ type: 'tick', symbol: 'EURUSD', price: '1.16502', time: WEDNESDAY });
    await until(() => ticks.length === 1);
    expect(ticks[0]).toMatchObject({ price: '1.16502' });
    expect(events.filter((e) => e === 'feed message refused')).toHaveLength(6);
  });

  it('reconnects and subscribes again after the provider drops it', async () => {
    const { provider, ticks } = await connected();
    provider.dropAll();
    await provider.subscribed(2);
    provider.send({ type: 'tick', symbol: 'EURUSD', price: '1.16503', time: WEDNESDAY });
    await until(() => ticks.length === 1);
  });
});

describe('two price providers, the first preferred', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup) await step();
    cleanup = [];
  });
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 10));
  };

  it('leads with the first provider heard from recently, else the next, else none', () => {
    expect(leadingProvider([1000, 1000], 1500, 600)).toBe(0);
    expect(leadingProvider([500, 1400], 1500, 600)).toBe(1);
    expect(leadingProvider([0, 0], 1500, 600)).toBe(-1);
  });

  it('takes ticks from the first; when it falls silent, from the second; and from the first again once it is back', async () => {
    const [first, second] = [await startFakeFeed(), await startFakeFeed()];
    const events: string[] = [];
    const feed = new ExternalFeed({
      urls: [first.url, second.url],
      failoverMs: 300,
      log: recorder(events),
    });
    const ticks: Tick[] = [];
    cleanup.push(
      () => feed.stop(),
      () => first.close(),
      () => second.close(),
    );
    feed.start(INSTRUMENTS, (tick) => ticks.push(tick));
    await Promise.all([first.subscribed(1), second.subscribed(1)]);
    const prices = () => ticks.map((t) => ('price' in t ? t.price : t.bid));
    const tick = (price: string) => ({ type: 'tick', symbol: 'BTCUSD', price, time: Date.now() });

    first.send(tick('96000.00'));
    second.send(tick('96000.50'));
    await until(() => ticks.length === 1);
    // The standby's tick is not taken while the first provider speaks.
    await new Promise((r) => setTimeout(r, 50));
    expect(prices()).toEqual(['96000.00']);

    // The first falls silent: after 300 ms the second's ticks are taken.
    await new Promise((r) => setTimeout(r, 350));
    second.send(tick('96001.50'));
    await until(() => ticks.length === 2);
    expect(ticks[1]).toMatchObject({ price: '96001.50', source: 1 });

    // The first is back: it leads again, and the second's ticks are dropped.
    first.send(tick('96002.00'));
    await until(() => ticks.length === 3);
    second.send(tick('96002.50'));
    await new Promise((r) => setTimeout(r, 50));
    expect(prices()).toEqual(['96000.00', '96001.50', '96002.00']);
    expect(events.filter((e) => e === 'feed provider leads')).toHaveLength(3);
  });
});
