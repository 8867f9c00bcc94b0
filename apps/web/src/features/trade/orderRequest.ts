import type { SubmitOrder } from '@meridian/contract';
import { OrderType } from '@meridian/core';
import { randomId } from '../../ui/randomId';
import type { Ticket } from './ticket';

/** A side's ticket as the server takes it, at `leverage`, waiting until `expiresAt` (null: good till cancelled). */
export function orderRequest(
  ticket: Ticket,
  { instrumentId, leverage, expiresAt }: { instrumentId: number; leverage: number; expiresAt: string | null },
): SubmitOrder {
  return {
    type: `${OrderType[ticket.side]}` as const,
    cont: ticket.lots,
    forex_id: instrumentId,
    status: ticket.pendingTarget === null ? '1' : '0',
    target_price: ticket.pendingTarget ?? '',
    // SPEC.md §5: a stop is sent only when its toggle is on (else 0, none); always as a price.
    stop_loss_price: ticket.stopLoss ?? '0',
    target_profit_price: ticket.takeProfit ?? '0',
    trailing_distance: ticket.trailingDistance ?? '0',
    multiple: leverage,
    client_order_id: randomId(),
    ...(expiresAt === null ? {} : { expires_at: expiresAt }),
  };
}
