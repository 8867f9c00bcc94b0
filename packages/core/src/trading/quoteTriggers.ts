import type { Quote, QuoteSide } from './fill';
import { type OrderId, type Trigger, TriggerIndex, type TriggerKind } from './triggers';

/**
 * Resting triggers on both prices of a quote: each on the side it executes at (see `triggerSide`), so a
 * buy's stop loss fires on the bid while the ask stands above it.
 */
export class QuoteTriggerIndex {
  private readonly sides: Record<QuoteSide, TriggerIndex> = {
    bid: new TriggerIndex(),
    ask: new TriggerIndex(),
  };

  /** Number of resting triggers. */
  get size(): number {
    return this.sides.bid.size + this.sides.ask.size;
  }

  /** Adds a trigger watching `side`; an order has at most one per kind, so this replaces any it had. */
  add(trigger: Trigger, side: QuoteSide): void {
    this.remove(trigger.orderId, trigger.kind);
    this.sides[side].add(trigger);
  }

  /** Removes the order's trigger of `kind`; false when it had none. */
  remove(orderId: OrderId, kind: TriggerKind): boolean {
    return this.sides.bid.remove(orderId, kind) || this.sides.ask.remove(orderId, kind);
  }

  /** Removes and returns the instrument's triggers the quote reaches: those on the bid, then those on the ask. */
  crossed(instrumentId: number, quote: Quote): Trigger[] {
    return [
      ...this.sides.bid.crossed(instrumentId, quote.bid),
      ...this.sides.ask.crossed(instrumentId, quote.ask),
    ];
  }
}
