import { type TraderView, traderView } from '@meridian/core';
import { useEffect } from 'react';
import { startAccountListener, useAccount } from '../../stores/account';
import { useUser } from '../../stores/user';

/** The signed-in trader's account in MetaTrader's words, read when a screen shows it and live after; null until read. */
export function useTraderView(): TraderView | null {
  const isLogin = useUser((s) => s.isLogin);
  const wire = useAccount((s) => s.wire);
  useEffect(() => {
    if (!isLogin) return;
    startAccountListener();
    void useAccount
      .getState()
      .refresh()
      .catch(() => {});
  }, [isLogin]);
  return isLogin && wire ? traderView(wire) : null;
}
