import { type Instrument, QUOTE_MAX_AGE_MS, Topic } from '@meridian/contract';
import { socket } from '../api/ws';

/** When each instrument's last quote arrived, by Code, on this device's clock (a tick's own time is the server's). */
const arrived = new Map<string, number>();
/** When the app began to listen: an instrument silent since then has a price at least this old. */
let since = 0;

/** Starts noting when quotes arrive (once, by the screens that show prices). */
export function startQuoteClock(): void {
  if (since !== 0) return;
  since = Date.now();
  socket.subscribe(Topic.DAY_MARKET, (message) => arrived.set(message.symbol, Date.now()));
}

/**
 * How old the instrument's last price is, in milliseconds, when it is stale: older than the age at which the
 * server refuses to trade on it (TRADING.md "Prices"). Undefined while fresh, and for a closed market, whose
 * price is simply the last of its session.
 */
export function staleAge(
  instrument: Pick<Instrument, 'Code' | 'MarketStatus'>,
  now: number,
): number | undefined {
  if (instrument.MarketStatus !== 1 || since === 0) return undefined;
  const age = now - (arrived.get(instrument.Code) ?? since);
  return age > QUOTE_MAX_AGE_MS ? age : undefined;
}
