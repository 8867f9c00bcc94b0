import { z } from 'zod';
import { api } from '../api';
import { endpoint } from '../endpoint';
import { decimal, flag } from './fields';

/** SPEC.md §3 ranking row; rates and win share in percent, 2 decimals. */
export const rankingRow = z.object({
  /** The trader's masked name. */
  user: z.string(),
  multiple: z.number().int(),
  three_week_rate: decimal,
  three_week_win: decimal,
  three_week_profit: decimal,
  total_rate: decimal,
  total_trade_num: z.number().int(),
  /** The instrument (ShowCode) the trader trades most. */
  code: z.string(),
  /** Beyond SPEC: the provider's page id, whether it is a demo account, and how many copy it now. */
  provider_id: z.number().int(),
  demo: z.boolean(),
  followers: z.number().int(),
});
export type RankingRow = z.infer<typeof rankingRow>;

/** Whether the caller appears on the leaderboard. */
export const optInState = z.object({ on: z.boolean() });
export type OptInState = z.infer<typeof optInState>;

export const rankingEndpoints = {
  followList: endpoint(api.followList, {
    summary: 'The leaderboard as the ranking job last computed it, best three-week return first',
    input: z.object({}),
    answer: z.array(rankingRow),
  }),
  followOptInState: endpoint(api.followOptInState, {
    summary: 'Whether the caller is listed on the leaderboard',
    input: z.object({}),
    answer: optInState,
  }),
  followOptIn: endpoint(api.followOptIn, {
    summary: 'Joins (on = 1) or leaves (on = 0) the leaderboard; leaving takes effect at once',
    input: z.object({ on: flag }),
    answer: optInState,
  }),
};
