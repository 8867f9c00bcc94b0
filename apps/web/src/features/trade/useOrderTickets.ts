import type { Instrument as WireInstrument } from '@meridian/contract';
import {
  classifyPending,
  dec,
  instrumentFromWire,
  isDecimalText,
  openPrice,
  orderCost,
  priceInput,
  type Side,
} from '@meridian/core';
import { useMemo } from 'react';
import { useBasicInfo } from '../../stores/basicInfo';
import { usePriceLookup } from '../../stores/market';
import { fundsProblem, lotsProblem, type Problems, problemsOf } from './orderProblems';
import { ticketFor } from './ticket';
import type { OrderDraft } from './useOrderDraft';
import type { TicketAccount } from './useTicketAccount';

/**
 * Each side's order as it would be sent now, what it costs, the pending kind it would place, and everything the
 * server would refuse of it: the quote's bid and ask price a market order, the target a pending one.
 */
export function useOrderTickets(
  instrument: WireInstrument,
  draft: OrderDraft,
  account: TicketAccount | null,
) {
  const terms = useMemo(() => instrumentFromWire(instrument), [instrument]);
  const tradeFeeType = useBasicInfo((s) => s.info?.trade_fee_type ?? 1);
  const prices = usePriceLookup();
  const { pending, target, lots, leverage, sl, tp, trailing, sent } = draft;
  const market = instrument.ForexQuotations.Close;
  // A list loaded before bid and ask were sent has neither: its Close stands for both until the next quote.
  const quote = useMemo(
    () => ({ bid: instrument.Bid || market, ask: instrument.Ask || market }),
    [instrument.Bid, instrument.Ask, market],
  );
  const lotsRefusal = lotsProblem(terms, lots);
  const pendingTarget = pending ? target.trim() : null;

  // Both sides before either is pressed: a buy fills at the ask and a sell at the bid, or both at the target.
  const costs = useMemo(() => {
    // A buy fills at the ask and a sell at the bid, or both at the target.
    const fillsAt = (side: Side) => pendingTarget ?? openPrice(side, quote).toFixed();
    const priced = (side: Side) => isDecimalText(fillsAt(side)) && dec(fillsAt(side)).gt(0);
    if (lotsRefusal || leverage === null || !priced('buy') || !priced('sell')) return null;
    const cost = (side: Side) => orderCost(terms, { lots, leverage }, fillsAt(side), tradeFeeType, prices);
    try {
      return { buy: cost('buy'), sell: cost('sell') };
    } catch {
      return null;
    }
  }, [terms, lots, leverage, pendingTarget, quote, tradeFeeType, prices, lotsRefusal]);

  // Each side's order as it would be sent now: stops typed in points or USD become prices from its fill price.
  const tickets = useMemo(() => {
    if (!costs) return null;
    const form = { terms, lots, quote, pendingTarget, stopLoss: sl, takeProfit: tp, trailing, prices };
    return { buy: ticketFor('buy', form, costs.buy), sell: ticketFor('sell', form, costs.sell) };
  }, [costs, terms, lots, quote, pendingTarget, sl, tp, trailing, prices]);

  // A pending order at a good price is a Buy Limit, a Sell Stop…: the bar says which each side would place.
  const kinds = useMemo(() => {
    const at = pendingTarget === null ? null : priceInput(pendingTarget, terms.pricePrecision);
    if (!at || at.lte(0) || at.eq(market)) return null;
    return { buy: classifyPending('buy', at, market), sell: classifyPending('sell', at, market) };
  }, [pendingTarget, terms.pricePrecision, market]);

  /** Everything the server would refuse of one side's order now, by the field it is about. */
  const problemsFor = (side: Side): Problems => {
    const ticket = tickets?.[side];
    const cost = ticket && { margin: ticket.margin, fee: ticket.fee };
    const fallback = pending && !ticket && !lotsRefusal ? 'pending_price_invalid' : null;
    return problemsOf(
      [lotsRefusal, fallback, ...(ticket?.refusals ?? []), sent.refusal, fundsProblem(account, cost ?? null)],
      terms,
    );
  };
  const typedProblems = problemsOf([lotsRefusal], terms);
  return { terms, market, quote, costs, tickets, kinds, problemsFor, typedProblems };
}

export type OrderTickets = ReturnType<typeof useOrderTickets>;
