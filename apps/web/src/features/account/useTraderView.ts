import { type TraderView, traderView } from '@meridian/core';
import { useLiveAccount } from '../../stores/account';

/**
 * The signed-in trader's account in MetaTrader's words, read when a screen shows it and live after (equity, free
 * margin and margin level at the app's quotes: stores/account.ts); null until read.
 */
export function useTraderView(): TraderView | null {
  const live = useLiveAccount();
  return live && traderView(live.wire);
}
