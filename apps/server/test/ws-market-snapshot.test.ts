import { Code, type DayMarketMessage, Topic } from '@meridian/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Connection, Gateway } from '../src/ws/gateway';

/** A connection whose socket records the text it is sent. */
function client(gateway: Gateway, topic: string) {
  const sent: unknown[] = [];
  const conn: Connection = gateway.add({
    readyState: 1,
    OPEN: 1,
    bufferedAmount: 0,
    extensions: '',
    send: (payload: Buffer) => sent.push(JSON.parse(payload.toString())),
    terminate: () => {},
  } as never);
  gateway.subscribe(conn, topic);
  return { conn, sent };
}

const quote = (symbol: string, bid: string): DayMarketMessage => ({
  type: 'DAY_MARKET',
  code: Code.OK,
  symbol,
  quotation: { close: bid, bid, ask: bid, change: '0.00', open: bid, high: bid, low: bid, time: 0 },
});

describe('DAY_MARKET_SNAPSHOT, the market list’s quotes', () => {
  let now = 0;
  let gateway: Gateway;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000_000;
    gateway = new Gateway(() => now);
  });
  afterEach(() => vi.useRealTimers());

  const tick = (symbol: string, bid: string) => gateway.publish(Topic.DAY_MARKET, quote(symbol, bid));
  const later = (ms: number) => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };

  it('sends the latest quote of each instrument that ticked, in one message, at most once a second', () => {
    const list = client(gateway, Topic.DAY_MARKET_SNAPSHOT);
    const everyTick = client(gateway, Topic.DAY_MARKET);
    tick('BTCUSD', '96000.00');
    tick('ETHUSD', '3220.15');
    tick('BTCUSD', '96010.00');
    later(0);
    expect(list.sent).toEqual([
      {
        type: 'DAY_MARKET_SNAPSHOT',
        code: 1,
        quotation: [
          { symbol: 'BTCUSD', quotation: quote('BTCUSD', '96010.00').quotation },
          { symbol: 'ETHUSD', quotation: quote('ETHUSD', '3220.15').quotation },
        ],
      },
    ]);
    // DAY_MARKET itself is as it was: every tick.
    expect(everyTick.sent).toHaveLength(3);

    later(100);
    tick('BTCUSD', '96020.00');
    tick('BTCUSD', '96030.00');
    later(899);
    expect(list.sent).toHaveLength(1);
    later(1);
    expect(list.sent).toHaveLength(2);
    expect(list.sent[1]).toMatchObject({
      quotation: [{ symbol: 'BTCUSD', quotation: { bid: '96030.00' } }],
    });
    // Nothing ticked: nothing sent.
    later(5000);
    expect(list.sent).toHaveLength(2);
  });

  it('keeps nothing while no one follows the list', () => {
    tick('BTCUSD', '96000.00');
    later(0);
    const list = client(gateway, Topic.DAY_MARKET_SNAPSHOT);
    tick('ETHUSD', '3220.15');
    later(0);
    expect(list.sent).toEqual([
      expect.objectContaining({ quotation: [expect.objectContaining({ symbol: 'ETHUSD' })] }),
    ]);
    gateway.unsubscribe(list.conn, Topic.DAY_MARKET_SNAPSHOT);
    tick('ETHUSD', '3221.15');
    later(2000);
    expect(list.sent).toHaveLength(1);
  });
});
