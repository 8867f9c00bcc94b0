/** SPEC.md §9: the period bar's labels and the kline periods they ask for (4hour and 1week added by issue 22). */
export const PERIODS = [
  { label: '1M', period: '1min', seconds: 60 },
  { label: '5M', period: '5min', seconds: 300 },
  { label: '15M', period: '15min', seconds: 900 },
  { label: '30M', period: '30min', seconds: 1800 },
  { label: '1H', period: '60min', seconds: 3600 },
  { label: '4H', period: '4hour', seconds: 14_400 },
  { label: '1D', period: '1day', seconds: 86_400 },
  { label: '1W', period: '1week', seconds: 604_800 },
] as const;
export type Period = (typeof PERIODS)[number]['period'];

export function isPeriod(value: unknown): value is Period {
  return PERIODS.some((p) => p.period === value);
}
