import { Topic } from '@meridian/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchOrders, type Order } from '../../api/trading';
import { socket } from '../../api/ws';
import { useUser } from '../../stores/user';

/** my_deal pages hold 10 orders; more than this many pages of open positions is not drawn. */
const MAX_PAGES = 20;
/** A trailing stop moves the SL without a push of its own: read again at most this often while one is held. */
const TRAILING_REFRESH_MS = 5000;

async function allHeld(): Promise<Order[]> {
  const held: Order[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data, total } = await fetchOrders(1, page);
    held.push(...data);
    if (page * 10 >= total || data.length === 0) break;
  }
  return held;
}

/**
 * The signed-in trader's open positions (every instrument), read again when one opens (a new id in the
 * FOREX_TRADE push), closes (FOREX_CLOSED), fills (FOREX_FILLED), or after a change the caller made; their
 * floating P&L as each FOREX_TRADE push has it.
 */
export function useHeldPositions(): { positions: Order[]; reload: () => Promise<void> } {
  const isLogin = useUser((s) => s.isLogin);
  const [positions, setPositions] = useState<Order[]>([]);
  const ids = useRef(new Set<number>());
  const readAt = useRef(0);
  const trailing = useRef(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const run = ++generation.current;
    readAt.current = Date.now();
    const held = await allHeld().catch(() => null);
    if (!held || run !== generation.current) return;
    ids.current = new Set(held.map((o) => o.Id));
    trailing.current = held.some((o) => Number(o.TrailingDistance) !== 0);
    setPositions(held);
  }, []);

  useEffect(() => {
    if (!isLogin) {
      generation.current++;
      ids.current = new Set();
      setPositions([]);
      return;
    }
    void reload();
    const offTrade = socket.subscribe(Topic.FOREX_TRADE, (message) => {
      const live = message.quotation.TransOrder;
      const opened = live.length !== ids.current.size || live.some((o) => !ids.current.has(o.Id));
      const trailingDue = trailing.current && Date.now() - readAt.current > TRAILING_REFRESH_MS;
      if (opened || trailingDue) return void reload();
      // Each push carries the positions' floating P&L, which the chart's entry lines are titled with.
      const pnl = new Map(live.map((o) => [o.Id, o.FactProfits]));
      setPositions((current) =>
        current.some((o) => (pnl.get(o.Id) ?? o.FactProfits) !== o.FactProfits)
          ? current.map((o) => ({ ...o, FactProfits: pnl.get(o.Id) ?? o.FactProfits }))
          : current,
      );
    });
    const offClosed = socket.subscribe(Topic.FOREX_CLOSED, () => void reload());
    const offFilled = socket.subscribe(Topic.FOREX_FILLED, () => void reload());
    const offLogin = socket.onAccountPushes(() => void reload());
    return () => {
      offTrade();
      offClosed();
      offFilled();
      offLogin();
    };
  }, [isLogin, reload]);

  return { positions, reload };
}
