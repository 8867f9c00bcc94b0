import {
  Code,
  type ForexClosedMessage,
  type ForexFilledMessage,
  type ForexTradeMessage,
} from '@meridian/contract';
import { type AccountFigures, type DecLike, isMarginCall, moneyText, riskRateText } from '@meridian/core';

/** A held position as marked at the latest tick. */
export interface MarkedPosition {
  id: number;
  updatePrice: string;
  factProfits: string;
}

/** FOREX_TRADE: the account's figures and each open position's mark, as the contract describes them. */
export const forexTrade = (
  figures: AccountFigures,
  positions: MarkedPosition[],
  marginCallLevel: DecLike,
): ForexTradeMessage => ({
  type: 'FOREX_TRADE',
  code: Code.OK,
  quotation: {
    ProfitsTotal: moneyText(figures.floatingPnl),
    HazardRate: riskRateText(figures.riskRate),
    CautionMoneyAll: moneyText(figures.usedMargin),
    MarginCall: isMarginCall(figures.riskRate, marginCallLevel),
    TransOrder: positions.map((p) => ({ Id: p.id, UpdatePrice: p.updatePrice, FactProfits: p.factProfits })),
  },
});

/** FOREX_CLOSED: the ids of the account's positions that closed. */
export const forexClosed = (ids: number[]): ForexClosedMessage => ({
  type: 'FOREX_CLOSED',
  code: Code.OK,
  quotation: ids,
});

/** FOREX_FILLED: the ids of the account's pending orders that filled. */
export const forexFilled = (ids: number[]): ForexFilledMessage => ({
  type: 'FOREX_FILLED',
  code: Code.OK,
  quotation: ids,
});
