import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, phone } from '../api/fakeSocket';
import { type Quote, QuoteFollower } from './quoteFollower';

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});
afterEach(() => vi.useRealTimers());

/** A follower on an open socket, with what it subscribes to now and the quotes it took. */
function follower() {
  const p = phone();
  let now = 1_000_000;
  const taken: Quote[] = [];
  const follower = new QuoteFollower(
    p.socket,
    (quotes) => taken.push(...quotes),
    () => now,
  );
  p.socket.open();
  p.last().accept();
  /** The server topics subscribed now: each sub not undone by an unsub since. */
  const subscribed = () => {
    const topics = new Set<string>();
    for (const text of p.last().sent) {
      if (text === 'ping') continue;
      const { type, params } = JSON.parse(text);
      if (type === 'sub') topics.add(params);
      if (type === 'unsub') topics.delete(params);
    }
    return [...topics].sort();
  };
  const receive = (message: object) => p.last().onmessage?.({ data: JSON.stringify(message) });
  return {
    follower,
    subscribed,
    receive,
    taken,
    p,
    later: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

const quotation = (bid: string) => ({
  close: bid,
  bid,
  ask: bid,
  change: '0.00',
  open: bid,
  high: bid,
  low: bid,
  time: 0,
});
const dayMarket = (symbol: string, bid: string) => ({
  type: 'DAY_MARKET',
  code: 1,
  symbol,
  quotation: quotation(bid),
});

describe('the quotes the app follows', () => {
  it('subscribes each symbol on screen once, and leaves it when the last screen showing it does', () => {
    const f = follower();
    const trade = f.follower.follow(['BTCUSD', 'GBPUSD']);
    const orders = f.follower.follow(['EURGBP', 'GBPUSD', 'GBPUSD']);
    expect(f.subscribed()).toEqual(['DAY_MARKET:BTCUSD', 'DAY_MARKET:EURGBP', 'DAY_MARKET:GBPUSD']);
    const subs = f.p.last().sent.filter((text) => text.includes('"sub"'));
    expect(subs).toHaveLength(3);

    trade();
    expect(f.subscribed()).toEqual(['DAY_MARKET:EURGBP', 'DAY_MARKET:GBPUSD']);
    // A cleanup run twice (a React effect's and the screen's own) leaves nothing another screen holds.
    trade();
    expect(f.subscribed()).toEqual(['DAY_MARKET:EURGBP', 'DAY_MARKET:GBPUSD']);
    orders();
    expect(f.subscribed()).toEqual([]);
  });

  it('follows the market list on its snapshots, never on every tick of every symbol', () => {
    const f = follower();
    const home = f.follower.followList();
    const drawer = f.follower.followList();
    expect(f.subscribed()).toEqual(['DAY_MARKET_SNAPSHOT']);
    home();
    expect(f.subscribed()).toEqual(['DAY_MARKET_SNAPSHOT']);
    drawer();
    expect(f.subscribed()).toEqual([]);
    expect(f.p.last().sent.some((text) => text.includes('"DAY_MARKET"'))).toBe(false);
  });

  it('takes the quotes of the symbols followed and of the list’s snapshots', () => {
    const f = follower();
    f.follower.follow(['BTCUSD']);
    f.follower.followList();
    f.receive(dayMarket('BTCUSD', '96000.00'));
    f.receive({
      type: 'DAY_MARKET_SNAPSHOT',
      code: 1,
      quotation: [
        { symbol: 'ETHUSD', quotation: quotation('3220.15') },
        { symbol: 'BTCUSD', quotation: quotation('96010.00') },
      ],
    });
    expect(f.taken.map((q) => [q.symbol, q.quotation.bid])).toEqual([
      ['BTCUSD', '96000.00'],
      ['ETHUSD', '3220.15'],
      ['BTCUSD', '96010.00'],
    ]);
  });

  it('counts a price’s age from its last quote, or from when it began to be followed', () => {
    const f = follower();
    const open = (Code: string) => ({ Code, MarketStatus: 1 as const });
    // Not followed: nothing is said of its age.
    f.later(60_000);
    expect(f.follower.staleAge(open('BTCUSD'), f.now())).toBeUndefined();
    const leave = f.follower.follow(['BTCUSD']);
    f.later(10_000);
    expect(f.follower.staleAge(open('BTCUSD'), f.now())).toBeUndefined();
    f.later(1);
    expect(f.follower.staleAge(open('BTCUSD'), f.now())).toBe(10_001);
    f.receive(dayMarket('BTCUSD', '96000.00'));
    expect(f.follower.staleAge(open('BTCUSD'), f.now())).toBeUndefined();
    f.later(12_000);
    expect(f.follower.staleAge(open('BTCUSD'), f.now())).toBe(12_000);
    expect(f.follower.staleAge({ Code: 'BTCUSD', MarketStatus: 0 }, f.now())).toBeUndefined();
    leave();
    expect(f.follower.staleAge(open('BTCUSD'), f.now())).toBeUndefined();
  });
});
