import type { Side } from '@meridian/core';
import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useUser } from '../../stores/user';
import type { Problems } from './orderProblems';
import { useOneTap } from './useOneTap';
import type { OrderTickets } from './useOrderTickets';
import type { PlaceOrder } from './usePlaceOrder';

/**
 * Sell or Buy tapped: what is wrong is said beside its field, else it is confirmed first unless one-tap, then
 * sent. Its `problems` are the tapped side's while its order cannot be sent (said, live, until fixed), those
 * of the lots as typed before, and the server's refusal of the last order sent.
 */
export function useOrderSubmit(
  {
    instrumentId,
    leverages,
    leverage,
  }: { instrumentId: number; leverages: number[]; leverage: number | null },
  { tickets, problemsFor, typedProblems }: Pick<OrderTickets, 'tickets' | 'problemsFor' | 'typedProblems'>,
  { refused, send }: Pick<PlaceOrder, 'refused' | 'send'>,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const isLogin = useUser((s) => s.isLogin);
  const { oneTap, turnOn } = useOneTap();
  /** The side whose order the confirmation sheet shows. */
  const [confirming, setConfirming] = useState<Side | null>(null);
  /** The side last tapped while its order could not be sent: its problems stay said, live, until fixed. */
  const [attempted, setAttempted] = useState<Side | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new instrument starts with nothing open or said
  useEffect(() => {
    setConfirming(null);
    setAttempted(null);
  }, [instrumentId]);

  const choose = (side: Side) => {
    if (!isLogin) {
      navigate(`/login?from=${encodeURIComponent(location.pathname)}`);
      return;
    }
    if (leverages.length === 0 || leverage === null) {
      Toast.show({ content: t('msg.noMultConfig') });
      return;
    }
    const ticket = tickets?.[side];
    if (!ticket || Object.keys(problemsFor(side)).length > 0) {
      setAttempted(side);
      return;
    }
    setAttempted(null);
    if (oneTap) void send(ticket);
    else setConfirming(side);
  };

  // Confirmed in the sheet: sent as it stands now, checked again since prices moved while it was open.
  const confirm = async (thenOneTap: boolean) => {
    const side = confirming;
    const ticket = side && tickets?.[side];
    if (!side || !ticket || Object.keys(problemsFor(side)).length > 0) {
      setConfirming(null);
      if (side) setAttempted(side);
      return;
    }
    if (thenOneTap) turnOn();
    await send(ticket);
    setConfirming(null);
  };

  // The lots are judged as they are typed; the rest once a side was tapped, for that side.
  const problems: Problems = { ...(attempted ? problemsFor(attempted) : typedProblems), ...refused };
  return { confirming, cancel: () => setConfirming(null), problems, choose, confirm };
}
