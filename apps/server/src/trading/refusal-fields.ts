import { type OrderRefusalData, refusalField } from '@meridian/contract';

/** What a refusal's envelope carries as `data`: the field of the order it is about, or null. */
export function refusalData(refusal: string): OrderRefusalData | null {
  const field = refusalField(refusal);
  return field ? { field } : null;
}
