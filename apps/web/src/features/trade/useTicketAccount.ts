import { Topic } from '@meridian/contract';
import { type AccountFigures, accountFigures } from '@meridian/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fetchOrders } from '../../api/trading';
import { socket } from '../../api/ws';
import { useUser } from '../../stores/user';

/** What the ticket checks an order's cost against: the account's figures now, and whether it is at margin call. */
export interface TicketAccount {
  figures: AccountFigures;
  marginCall: boolean;
}

interface Read {
  balance: string;
  usedMargin: string;
  floatingPnl: string;
  marginCall: boolean;
}

/**
 * The signed-in account as the order ticket needs it (free margin, margin call), live: read from the orders
 * list's totals, moved by each FOREX_TRADE push, and read again when a position opens or closes, a pending
 * order fills, or the caller placed an order (`reload`). Null while signed out or not read yet.
 */
export function useTicketAccount(): { account: TicketAccount | null; reload: () => Promise<void> } {
  const isLogin = useUser((s) => s.isLogin);
  const [read, setRead] = useState<Read | null>(null);

  const reload = useCallback(async () => {
    const page = await fetchOrders(1, 1).catch(() => null);
    if (!page) return;
    setRead((current) => ({
      balance: page.balance,
      usedMargin: page.caution_money_all,
      floatingPnl: page.all_fact_profits,
      marginCall: current?.marginCall ?? false,
    }));
  }, []);

  useEffect(() => {
    if (!isLogin) {
      setRead(null);
      return;
    }
    void reload();
    const offTrade = socket.subscribe(Topic.FOREX_TRADE, ({ quotation }) =>
      setRead(
        (current) =>
          current && {
            ...current,
            usedMargin: quotation.CautionMoneyAll,
            floatingPnl: quotation.ProfitsTotal,
            marginCall: quotation.MarginCall,
          },
      ),
    );
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

  // The used margin and floating P&L are the holdings' sums already: one holding of them makes the same figures.
  const account = useMemo(
    () =>
      read && {
        figures: accountFigures(read.balance, [{ margin: read.usedMargin, pnl: read.floatingPnl }]),
        marginCall: read.marginCall,
      },
    [read],
  );
  return { account, reload };
}
