import { type OrderField, refusalField } from '@meridian/contract';
import { canPay, checkLots, dec, type Instrument, MAX_EXPIRY_DAYS } from '@meridian/core';
import { ApiError } from '../../api/http';
import { lotsParams } from '../../ui/format';
import type { TicketAccount } from './useTicketAccount';

/** The parts of the order form a message can stand beside; `form` is the order as a whole (above Sell/Buy). */
export type FormField = 'lots' | 'target' | 'expiry' | 'stopLoss' | 'takeProfit' | 'trailing' | 'form';

/** A refusal as the form shows it: the server's message key (web: order.refusal.<key>) and its figures. */
export interface Problem {
  key: string;
  params?: Record<string, string | number>;
}
export type Problems = Partial<Record<FormField, Problem | { text: string }>>;

const FORM_FIELD: Record<OrderField, FormField> = {
  cont: 'lots',
  multiple: 'form',
  target_price: 'target',
  stop_loss_price: 'stopLoss',
  target_profit_price: 'takeProfit',
  trailing_distance: 'trailing',
  expires_at: 'expiry',
};

/** Where the form shows a field the server named in a refusal (`data.field`), or the whole order's place. */
export function formFieldOfWire(field: unknown): FormField {
  return typeof field === 'string' && Object.hasOwn(FORM_FIELD, field)
    ? FORM_FIELD[field as OrderField]
    : 'form';
}

/** Where the form shows a refusal of the rules in packages/core: beside the field it is about (as the server maps it). */
export const formFieldOf = (refusal: string): FormField => formFieldOfWire(refusalField(refusal));

/** An instrument's lot terms (a position's, for a partial close, has no maximum). */
type LotTerms = Pick<Instrument, 'lotStep' | 'minLots'> & Partial<Pick<Instrument, 'maxLots'>>;

/** The limit of the instrument each lots refusal names, whose number its words agree with (1 lot, 0.01 lots). */
const NAMED_LOTS: Partial<Record<string, keyof LotTerms>> = {
  lots_off_step: 'lotStep',
  lots_below_min: 'minLots',
  lots_above_max: 'maxLots',
  close_rest_below_min: 'minLots',
};

/**
 * The figures a refusal's message carries (as the server's orderRefusal fills them): the lots it names in the
 * language's way with the `count` its plural goes by, and the expiry's longest term.
 */
export function refusalParams(terms: LotTerms, refusal: string): Record<string, string | number> {
  const limit = NAMED_LOTS[refusal];
  const lots = limit ? terms[limit] : null;
  return { days: String(MAX_EXPIRY_DAYS), ...(lots == null ? {} : lotsParams(String(lots))) };
}

/** The lots' problem, side apart: the server's checkLots. */
export function lotsProblem(terms: Instrument, lots: string): string | null {
  return checkLots(terms, lots.trim());
}

/**
 * Whether the account can take an order costing this: none at margin call (the server's flag, as its level is
 * the server's setting), and the cost must fit the free margin and the balance (checkFunds' own `canPay`).
 */
export function fundsProblem(
  account: TicketAccount | null,
  cost: { margin: string; fee: string } | null,
): 'margin_call' | 'insufficient_margin' | null {
  if (!account || !cost) return null;
  if (account.marginCall) return 'margin_call';
  return canPay(account.figures, dec(cost.margin).plus(cost.fee)) ? null : 'insufficient_margin';
}

/** The problems of the refusals given, the first one of each field kept. */
export function problemsOf(refusals: (string | null)[], terms: LotTerms): Problems {
  const problems: Problems = {};
  for (const key of refusals) {
    if (key === null) continue;
    const field = formFieldOf(key);
    problems[field] ??= { key, params: refusalParams(terms, key) };
  }
  return problems;
}

/** The server's refusal of what was sent, beside the field it names; none for a transport failure (toasted). */
export function refusedProblems(error: unknown): Problems {
  if (!(error instanceof ApiError) || typeof error.code !== 'number') return {};
  const field = formFieldOfWire((error.data as { field?: unknown } | null)?.field);
  return { [field]: { text: error.message } };
}
