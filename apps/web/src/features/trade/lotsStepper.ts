import { dec, type Instrument, isDecimalText } from '@meridian/core';

type LotTerms = Pick<Instrument, 'lotStep' | 'minLots' | 'maxLots'>;

/**
 * The lots after a tap on − (−1) or + (+1): the next multiple of the step that way (lots typed off the step
 * land on it), kept within the minimum and the maximum. Lots that are no number start again from the minimum.
 */
export function steppedLots(terms: LotTerms, lots: string, direction: 1 | -1): string {
  const step = dec(terms.lotStep);
  const min = dec(terms.minLots);
  if (!isDecimalText(lots.trim())) return min.toFixed();
  const steps = dec(lots.trim()).div(step);
  const onGrid = direction === 1 ? steps.floor().plus(1) : steps.ceil().minus(1);
  let next = onGrid.times(step);
  if (next.lt(min)) next = min;
  if (terms.maxLots !== null && next.gt(terms.maxLots)) next = dec(terms.maxLots);
  return next.toFixed();
}

/** Whether a tap on − or + would change the lots (it cannot go below the minimum or above the maximum). */
export function canStepLots(terms: LotTerms, lots: string, direction: 1 | -1): boolean {
  if (!isDecimalText(lots.trim())) return true;
  return !dec(steppedLots(terms, lots, direction)).eq(lots.trim());
}
