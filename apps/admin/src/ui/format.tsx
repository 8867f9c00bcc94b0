/** Timestamps are shown in UTC, as everywhere in Meridian. */
export const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 19).replace('T', ' ')}` : '');

/** Decimal text, right-aligned digits; signed amounts coloured by direction. */
export function Amount({ value, signed = false }: { value: string | null | undefined; signed?: boolean }) {
  if (value === null || value === undefined) return null;
  // A loss that rounds to nothing reads as zero, not as "-0.00".
  const zero = /^-?0(\.0*)?$/.test(value);
  const shown = zero ? value.replace('-', '') : value;
  const tone = !signed || zero ? '' : value.startsWith('-') ? 'down' : 'up';
  return <span className={`num ${tone}`}>{shown}</span>;
}

/** An audit row's before/after JSON, readable. */
export const Json = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? null : <pre className="json">{JSON.stringify(value, null, 1)}</pre>;
