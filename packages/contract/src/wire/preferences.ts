import { z } from 'zod';
import { api } from '../api';
import { endpoint } from '../endpoint';
import { PERIODS } from '../periods';
import { CHART_TYPES, INDICATORS } from '../preferences';
import { flag } from './fields';

const periods = PERIODS.map((p) => p.period) as [string, ...string[]];

/** What the trader chose, kept on the server so that every device shows it. */
export const preferences = z.object({
  /** Market orders are sent at the first tap, without a confirmation. */
  one_tap: z.boolean(),
  chart_type: z.enum(CHART_TYPES),
  chart_period: z.enum(periods),
  chart_indicators: z.array(z.enum(INDICATORS)),
});
export type Preferences = z.infer<typeof preferences>;

/** A list of indicators as a form sends it: comma-separated, '' for none. */
const indicatorList = z
  .union([z.array(z.string()), z.string().max(100)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',').filter((s) => s.trim() !== '')).map((s) => s.trim()))
  .pipe(z.array(z.enum(INDICATORS)).max(INDICATORS.length));

export const preferencesEndpoints = {
  getPreferences: endpoint(api.getPreferences, {
    summary: "The trader's app preferences (one-tap trading, chart type, period and indicators)",
    input: z.object({}),
    answer: preferences,
  }),
  setPreferences: endpoint(api.setPreferences, {
    summary: 'Changes some of the preferences; what is not sent stays as it was',
    input: z.object({
      one_tap: flag.optional(),
      chart_type: z.enum(CHART_TYPES).optional(),
      chart_period: z.enum(periods).optional(),
      chart_indicators: indicatorList.optional(),
    }),
    answer: preferences,
  }),
};
