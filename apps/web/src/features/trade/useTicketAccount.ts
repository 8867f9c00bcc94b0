import { type AccountFigures, accountFigures } from '@meridian/core';
import { useMemo } from 'react';
import { useAccount, useLiveAccount } from '../../stores/account';

/** What the ticket checks an order's cost against: the account's figures now, and whether it is at margin call. */
export interface TicketAccount {
  figures: AccountFigures;
  marginCall: boolean;
}

const reload = () => useAccount.getState().refresh();

/**
 * The signed-in account as the order ticket needs it (free margin, margin call), live at the app's quotes
 * (stores/account.ts), read again when a position opens or closes, a pending order fills, or the caller
 * placed an order (`reload`). Null while signed out or not read yet.
 */
export function useTicketAccount(): { account: TicketAccount | null; reload: () => Promise<void> } {
  const live = useLiveAccount();

  // The used margin and floating P&L are the holdings' sums already: one holding of them makes the same figures.
  const account = useMemo(
    () =>
      live && {
        figures: accountFigures(live.wire.cash, [
          { margin: live.wire.usedMargin, pnl: live.wire.floatingPnl },
        ]),
        marginCall: live.marginCall,
      },
    [live],
  );
  return { account, reload };
}
