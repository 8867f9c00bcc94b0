import { api, Topic } from '@meridian/contract';
import { create } from 'zustand';
import { request } from '../api/http';
import { onOrdersChanged } from '../api/trading';
import { socket } from '../api/ws';
import { useUser } from './user';

/** The account as the wire gives it (decimal text): what the screens derive the trader's figures from. */
export interface AccountWire {
  /** SPEC's balance: free cash. */
  cash: string;
  /** CautionMoneyAll. */
  usedMargin: string;
  /** ProfitsTotal. */
  floatingPnl: string;
  /** Σ margin + fee of pending orders. */
  pendingReserve: string;
}

interface AccountState {
  /** null until read, and for a visitor. */
  wire: AccountWire | null;
  /** Reads the figures again (the holding tab's first page carries them). */
  refresh(): Promise<void>;
}

/** A read started before the session changed, or before a later read, must not land. */
let generation = 0;

export const useAccount = create<AccountState>()((set) => ({
  wire: null,
  async refresh() {
    const run = ++generation;
    if (!useUser.getState().isLogin) return set({ wire: null });
    const page = await request(api.myDeal, { status: '1', page: 1 }, { silent: true });
    if (run !== generation) return;
    set({
      wire: {
        cash: page.balance,
        usedMargin: page.caution_money_all,
        floatingPnl: page.all_fact_profits,
        pendingReserve: page.pending_reserve,
      },
    });
  },
}));

const refresh = () =>
  void useAccount
    .getState()
    .refresh()
    .catch(() => {});
let listening = false;

/**
 * Keeps the figures live once a screen shows them: the FOREX_TRADE push moves floating P&L; a change of the
 * margin in use means cash moved with it (a position opened or closed), which only a read tells; closes,
 * fills, this app's own orders and a new session (or a reconnected socket) are read again.
 */
export function startAccountListener(): void {
  if (listening) return;
  listening = true;
  socket.subscribe(Topic.FOREX_TRADE, ({ quotation: push }) => {
    const { wire } = useAccount.getState();
    if (!wire) return;
    if (push.CautionMoneyAll !== wire.usedMargin) return refresh();
    useAccount.setState({ wire: { ...wire, floatingPnl: push.ProfitsTotal } });
  });
  socket.subscribe(Topic.FOREX_CLOSED, refresh);
  socket.subscribe(Topic.FOREX_FILLED, refresh);
  socket.onAccountPushes(refresh);
  onOrdersChanged(refresh);
  // Another account (a switch between demo and real) or none: its figures are not this one's.
  let token = useUser.getState().token;
  useUser.subscribe((state) => {
    if (state.token === token) return;
    token = state.token;
    useAccount.setState({ wire: null });
    refresh();
  });
}
