/** SPEC.md §9: the period bar's labels and the kline periods they ask for. */
export const PERIODS = [
  { label: '1M', period: '1min', seconds: 60 },
  { label: '5M', period: '5min', seconds: 300 },
  { label: '15M', period: '15min', seconds: 900 },
  { label: '30M', period: '30min', seconds: 1800 },
  { label: '1H', period: '60min', seconds: 3600 },
  { label: '1D', period: '1day', seconds: 86400 },
] as const;
export type Period = (typeof PERIODS)[number]['period'];

export function isPeriod(value: unknown): value is Period {
  return PERIODS.some((p) => p.period === value);
}
