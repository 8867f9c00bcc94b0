import { api, type Order, Topic } from '@meridian/contract';
import type { Dec } from '@meridian/core';
import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { request } from '../api/http';
import { onOrdersChanged } from '../api/trading';
import { socket } from '../api/ws';
import { corrections, liveHoldings, marksOf, pricingSymbols, type ServerMarks } from './livePnl';
import { useFollowQuotes, useInstrumentTerms, useMarket } from './market';
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
  /** null until read, and for a visitor; its floating P&L the server's, as last read or pushed. */
  wire: AccountWire | null;
  /** The holding positions, as last read. */
  held: Order[];
  /** Whether `held` is every holding position (a read stops at MAX_PAGES). */
  complete: boolean;
  /** What the server last said of each position: the read, then each FOREX_TRADE push. */
  server: ServerMarks;
  /** Where the server's P&L of a position differs from the app's at the same price (livePnl.ts). */
  corrected: ReadonlyMap<number, Dec>;
  /** At margin call, as the server last pushed. */
  marginCall: boolean;
  /** Reads the figures and the holding positions again. */
  refresh(): Promise<void>;
}

/** my_deal pages hold 10 orders; more than this many pages of open positions are not read. */
const MAX_PAGES = 20;
/** A trailing stop moves the SL without a push of its own: read again at most this often while one is held. */
const TRAILING_REFRESH_MS = 5000;

/** A read started before the session changed, or before a later read, must not land. */
let generation = 0;
/** When the positions were last read. */
let readAt = 0;

async function readHolding() {
  const first = await request(api.myDeal, { status: '1', page: 1 }, { silent: true });
  const held = [...first.data];
  for (let page = 2; page <= MAX_PAGES && held.length < first.total; page++) {
    const { data } = await request(api.myDeal, { status: '1', page }, { silent: true });
    if (data.length === 0) break;
    held.push(...data);
  }
  return { first, held };
}

export const useAccount = create<AccountState>()((set) => ({
  wire: null,
  held: [],
  complete: true,
  server: new Map(),
  corrected: new Map(),
  marginCall: false,
  async refresh() {
    const run = ++generation;
    if (!useUser.getState().isLogin) return set({ wire: null, held: [], server: new Map() });
    readAt = Date.now();
    const { first, held } = await readHolding();
    if (run !== generation) return;
    set({
      wire: {
        cash: first.balance,
        usedMargin: first.caution_money_all,
        floatingPnl: first.all_fact_profits,
        pendingReserve: first.pending_reserve,
      },
      held,
      complete: held.length >= first.total,
      server: new Map(held.map((o) => [o.Id, { UpdatePrice: o.UpdatePrice, FactProfits: o.FactProfits }])),
    });
  },
}));

const refresh = () =>
  void useAccount
    .getState()
    .refresh()
    .catch(() => {});
let shownRead: Promise<void> | null = null;
/**
 * The read of a screen that shows the account: one for the parts mounted together (the trade screen has
 * three), in one task; a screen shown later reads again, as something may have changed that nothing pushes
 * (a pending order placed on another device).
 */
function readOnShow(): Promise<void> {
  if (!shownRead) {
    shownRead = useAccount.getState().refresh();
    setTimeout(() => {
      shownRead = null;
    });
  }
  return shownRead;
}
let listening = false;

/**
 * Keeps the account live once a screen shows it. A FOREX_TRADE push is the server's truth: a change of the
 * margin in use, or a position the app has not read, means a position opened or closed, which only a read
 * tells (as does a trailing stop's move); otherwise it gives the margin call and each position's P&L at the
 * server's price, which the app's own marks are held to (livePnl.ts). Closes, fills, this app's own orders
 * and a new session (or a reconnected socket) are read again.
 */
export function startAccountListener(): void {
  if (listening) return;
  listening = true;
  socket.subscribe(Topic.FOREX_TRADE, ({ quotation: push }) => {
    const state = useAccount.getState();
    if (!state.wire) return;
    useAccount.setState({ marginCall: push.MarginCall });
    const known = new Set(state.held.map((o) => o.Id));
    const unknown = state.complete && push.TransOrder.some((o) => !known.has(o.Id));
    const trailingDue =
      state.held.some((o) => Number(o.TrailingDistance) !== 0) && Date.now() - readAt > TRAILING_REFRESH_MS;
    if (push.CautionMoneyAll !== state.wire.usedMargin || unknown || trailingDue) return refresh();
    const marks = marksOf(state.held, useMarket.getState().instruments);
    useAccount.setState({
      wire: { ...state.wire, floatingPnl: push.ProfitsTotal },
      server: new Map(
        push.TransOrder.map(({ Id, UpdatePrice, FactProfits }) => [Id, { UpdatePrice, FactProfits }]),
      ),
      corrected: corrections(state.corrected, push.TransOrder, marks),
    });
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
    useAccount.setState({ wire: null, held: [], server: new Map(), corrected: new Map(), marginCall: false });
    refresh();
  });
}

/** The signed-in account live at the app's quotes. */
export interface LiveAccount {
  /** The wire's figures, floating P&L the app's own (the server's while not every position is read). */
  wire: AccountWire;
  /** The holding positions, each at the app's quotes. */
  positions: Order[];
  marginCall: boolean;
}

/**
 * The signed-in account, live: its positions marked and its floating P&L worked out from the quotes of the
 * instruments held and of the pairs their P&L converts at, which the calling screen follows while it shows
 * them (issue 50: the server no longer needs to push every account every tick). Read when a screen shows
 * it, and kept live after. Null until read, and for a visitor.
 */
export function useLiveAccount(): LiveAccount | null {
  const isLogin = useUser((s) => s.isLogin);
  useEffect(() => {
    if (!isLogin) return;
    startAccountListener();
    void readOnShow().catch(() => {});
  }, [isLogin]);
  const { wire, held, complete, server, corrected, marginCall } = useAccount();
  const instruments = useMarket((s) => s.instruments);
  useInstrumentTerms();
  const heldInstruments = useMemo(() => {
    const ids = new Set(held.map((o) => o.ForexId));
    return instruments.filter((i) => ids.has(i.Id));
  }, [held, instruments]);
  useFollowQuotes(pricingSymbols(instruments, heldInstruments));
  return useMemo(() => {
    if (!wire || !isLogin) return null;
    const live = liveHoldings(held, marksOf(held, instruments), corrected, server);
    return {
      wire: complete ? { ...wire, floatingPnl: live.floatingPnl } : wire,
      positions: live.positions,
      marginCall,
    };
  }, [isLogin, wire, held, complete, server, corrected, marginCall, instruments]);
}
