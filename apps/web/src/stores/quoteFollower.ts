import {
  type DayMarketMessage,
  dayMarketTopic,
  type Instrument,
  QUOTE_MAX_AGE_MS,
  Topic,
} from '@meridian/contract';
import type { Socket } from '../api/ws';

/** One instrument's quote, as DAY_MARKET and DAY_MARKET_SNAPSHOT carry it. */
export type Quote = Pick<DayMarketMessage, 'symbol' | 'quotation'>;

/** A topic followed on behalf of screens: how many ask for it, and how to leave it. */
interface Followed {
  count: number;
  leave(): void;
  /** When following began, on this device's clock. */
  since: number;
}

/**
 * The quotes the app takes, and on which topics (issue 50): an instrument a screen shows on its own
 * DAY_MARKET:<symbol>, every tick; the market list on DAY_MARKET_SNAPSHOT, at most once a second. A topic is
 * followed while some screen asks for it and left when the last one stops, so the socket carries what is on
 * screen and nothing else. Each quote goes to `take`.
 *
 * It also keeps the price's age: when each instrument's last quote arrived, on this device's clock (a tick's
 * own time is the server's), and since when its quotes have been followed.
 */
export class QuoteFollower {
  private readonly symbols = new Map<string, Followed>();
  private list: Followed | null = null;
  private readonly arrived = new Map<string, number>();

  constructor(
    private readonly socket: Socket,
    private readonly take: (quotes: Quote[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Follows each of `symbols`' quotes until the returned function is called. */
  follow(symbols: Iterable<string>): () => void {
    const mine = [...new Set(symbols)].filter(Boolean);
    for (const symbol of mine) {
      const followed = this.symbols.get(symbol);
      if (followed) followed.count += 1;
      else
        this.symbols.set(symbol, {
          count: 1,
          since: this.now(),
          leave: this.socket.subscribe(dayMarketTopic(symbol), (message) => this.arrive([message])),
        });
    }
    return once(() => {
      for (const symbol of mine) {
        const followed = this.symbols.get(symbol);
        if (!followed || --followed.count > 0) continue;
        this.symbols.delete(symbol);
        followed.leave();
      }
    });
  }

  /** Follows the market list's snapshots until the returned function is called. */
  followList(): () => void {
    if (this.list) this.list.count += 1;
    else
      this.list = {
        count: 1,
        since: this.now(),
        leave: this.socket.subscribe(Topic.DAY_MARKET_SNAPSHOT, (message) => this.arrive(message.quotation)),
      };
    return once(() => {
      const list = this.list;
      if (!list || --list.count > 0) return;
      this.list = null;
      list.leave();
    });
  }

  /**
   * How old the instrument's price is, in milliseconds, when it is stale: older than the age at which the
   * server refuses to trade on it (TRADING.md "Prices"), counted from its last quote or, when none came since,
   * from when its quotes began to be followed. Undefined while fresh, for a closed market (its price is the
   * last of its session), and for an instrument whose quotes are not followed.
   */
  staleAge(instrument: Pick<Instrument, 'Code' | 'MarketStatus'>, now: number): number | undefined {
    if (instrument.MarketStatus !== 1) return undefined;
    const froms = [this.symbols.get(instrument.Code)?.since, this.list?.since];
    if (froms.every((from) => from === undefined)) return undefined;
    const age = now - Math.max(this.arrived.get(instrument.Code) ?? 0, ...froms.map((from) => from ?? 0));
    return age > QUOTE_MAX_AGE_MS ? age : undefined;
  }

  private arrive(quotes: Quote[]): void {
    const at = this.now();
    for (const { symbol } of quotes) this.arrived.set(symbol, at);
    this.take(quotes);
  }
}

/** `leave` made safe to call twice (a React effect's cleanup and a screen's own). */
function once(leave: () => void): () => void {
  let left = false;
  return () => {
    if (left) return;
    left = true;
    leave();
  };
}
