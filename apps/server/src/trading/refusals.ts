import { Code } from '@meridian/contract';
import { type ExpiryRefusal, MAX_EXPIRY_DAYS, type PartialCloseRefusal, type Refusal } from '@meridian/core';
import { AppError } from '../http/errors';
import type { MessageKey } from '../i18n';
import type { Tradable } from './market';
import { refusalData } from './refusal-fields';

/** Refusal reasons of the core rules are message keys too; some carry the instrument's limits. */
export function orderRefusal(
  refusal:
    | Refusal
    | PartialCloseRefusal
    | ExpiryRefusal
    | 'trailing_invalid'
    | 'market_closed'
    | 'price_unavailable',
  tradable: Tradable,
): AppError {
  const { terms } = tradable;
  const params = {
    step: String(terms.lotStep),
    min: String(terms.minLots),
    max: String(terms.maxLots ?? ''),
    days: String(MAX_EXPIRY_DAYS),
  };
  return new AppError(Code.REFUSED, refusal satisfies MessageKey, params, 200, refusalData(refusal));
}

/** Refusals an execution may lose a race with: the order moved on before it, and there is nothing to retry. */
const RACE_LOST: ReadonlySet<string> = new Set([
  'order_already_closed',
  'order_not_holding',
  'order_not_found',
]);
export const lostToAnotherExecution = (err: unknown) =>
  err instanceof StopOutLifted || RACE_LOST.has((err as { key?: unknown } | undefined)?.key as string);

/** Refusals of an execution that found no live price when it ran: its trigger waits for the next one. */
const NO_LIVE_PRICE: ReadonlySet<string> = new Set(['price_unavailable', 'market_closed']);
export const waitsForALivePrice = (err: unknown) =>
  NO_LIVE_PRICE.has((err as { key?: unknown } | undefined)?.key as string);

/**
 * A stop-out the locked account no longer calls for: money arrived (a deposit, an operator's credit) or the
 * price came back between the sweep's balance read and the close. Nothing closes; the account is swept again.
 */
export class StopOutLifted extends Error {}
