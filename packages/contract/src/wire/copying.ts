import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { COPY_ACTIONS, COPY_STOP_REASONS, CopyStatus } from '../copying';
import { endpoint, type Sent } from '../endpoint';
import { decimal, decimalText, flag, id, utcTime, utcTimeOrBlank } from './fields';
import { rankingRow } from './ranking';

/** A provider's realised profit of one UTC day, and the running total up to it. */
export const providerDay = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  profit: decimal,
  cumulative: decimal,
});

/** A strategy provider as their page shows them: the leaderboard's row, open positions and profit by day. */
export const provider = rankingRow.extend({
  open_positions: z.number().int(),
  /** The last 30 UTC days, oldest first. */
  days: z.array(providerDay),
  /** The caller's active copy of this provider, 0 when none (or signed out). */
  copying_id: z.number().int(),
});
export type Provider = z.infer<typeof provider>;

/** A follower's copy of one provider, with its results so far in USD. */
export const copy = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  provider: z.string(),
  demo: z.boolean(),
  status: z.union([z.literal(CopyStatus.active), z.literal(CopyStatus.stopped)]),
  /** Why it stopped, '' while copying. */
  stop_reason: z.union([z.enum(COPY_STOP_REASONS), z.literal('')]),
  allocation: decimal,
  /** Stop copying (and close the copies) once they have lost this share of the allocation, in percent. */
  stop_percent: decimal,
  /** Realised P&L of closed copies less every copy's fee, plus the floating P&L of open ones. */
  result: decimal,
  /** Result ÷ allocation, in percent. */
  result_rate: decimal,
  open_positions: z.number().int(),
  copied_trades: z.number().int(),
  failed_trades: z.number().int(),
  created_at: utcTime,
  stopped_at: utcTimeOrBlank,
});
export type Copy = z.infer<typeof copy>;

/** One provider event as the follower's account took it: copied, or why it could not be. */
export const copyEvent = z.object({
  time: utcTime,
  action: z.enum(COPY_ACTIONS),
  /** The instrument's ShowCode. */
  code: z.string(),
  /** 1 buy, 2 sell. */
  side: z.union([z.literal(1), z.literal(2)]),
  provider_lots: decimal,
  /** The follower's lots; '' when nothing was copied. */
  lots: z.union([decimal, z.literal('')]),
  /** The follower's order, 0 when none was made. */
  order_id: z.number().int(),
  ok: z.boolean(),
  /** Why it could not be copied, in the caller's language; '' when it was. */
  reason: z.string(),
});
export type CopyEvent = z.infer<typeof copyEvent>;

export const copyDetail = copy.extend({ events: z.array(copyEvent) });
export type CopyDetail = z.infer<typeof copyDetail>;

export const copyStartInput = z.object({
  provider_id: id,
  /** USD the follower sets aside for this provider: lots are scaled by allocation ÷ provider equity. */
  allocation: decimalText,
  /** 1 to 100: stop once the copies have lost this much of the allocation. */
  stop_percent: decimalText,
});
export type CopyStart = Sent<typeof copyStartInput>;

export const copyingEndpoints = {
  copyProvider: endpoint(api.copyProvider, {
    summary: "An opted-in strategy provider's page: figures, 30 days of realised profit, followers",
    input: z.object({ id }),
    answer: provider,
    errors: [Code.NOT_FOUND],
  }),
  copyStart: endpoint(api.copyStart, {
    summary:
      'Starts copying a provider with an allocation and a loss limit; demo accounts copy demo providers, real ones real',
    input: copyStartInput,
    answer: copy,
    errors: [Code.REFUSED, Code.NOT_FOUND],
  }),
  copyList: endpoint(api.copyList, {
    summary: 'The providers the caller copies or copied, newest first, with their results',
    input: z.object({}),
    answer: z.array(copy),
  }),
  copyDetail: endpoint(api.copyDetail, {
    summary: 'One copy with the last 100 provider events it took or could not take',
    input: z.object({ id }),
    answer: copyDetail,
    errors: [Code.NOT_FOUND],
  }),
  copyStop: endpoint(api.copyStop, {
    summary: 'Stops copying; close = 1 also closes the copied positions and cancels copied pending orders',
    input: z.object({ id, close: flag.default(false) }),
    answer: copy,
    errors: [Code.REFUSED, Code.NOT_FOUND],
  }),
};
