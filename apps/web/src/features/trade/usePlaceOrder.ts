import type { Side } from '@meridian/core';
import { useEffect, useState } from 'react';
import { submitOrder } from '../../api/trading';
import { type Problems, refusedProblems } from './orderProblems';
import { orderRequest } from './orderRequest';
import type { Ticket } from './ticket';
import type { OrderDraft } from './useOrderDraft';

/**
 * Sends a side's ticket as the draft stands: `busy` is the side being sent (for its button's spinner), `refused`
 * the server's refusal of the last order sent, beside the field it named, until the order changes.
 */
export function usePlaceOrder(instrumentId: number, draft: OrderDraft, placed: () => void) {
  const { pending, target, expiry, lots, leverage, sl, tp, trailing, sent } = draft;
  const [busy, setBusy] = useState<Side | null>(null);
  const [refused, setRefused] = useState<Problems>({});

  // Any change of the order answers the server's last refusal: it was about the order as it stood.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these are the triggers, not inputs
  useEffect(() => setRefused({}), [instrumentId, pending, target, expiry, lots, leverage, sl, tp, trailing]);

  const send = async (ticket: Ticket) => {
    if (leverage === null) return;
    setBusy(ticket.side);
    try {
      const order = orderRequest(ticket, { instrumentId, leverage, expiresAt: sent.text });
      // A refusal is said beside the field it names, not over the screen.
      await submitOrder(order, { silent: true });
      placed();
    } catch (error) {
      // A refusal beside the field it names; a transport failure was shown as a toast.
      setRefused(refusedProblems(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, refused, send };
}

export type PlaceOrder = ReturnType<typeof usePlaceOrder>;
