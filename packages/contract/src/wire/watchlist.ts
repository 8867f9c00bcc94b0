import { z } from 'zod';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint } from '../endpoint';
import { WATCHLIST_MAX } from '../watchlist';
import { id } from './fields';

/** The trader's favourite instruments: their ids (forex_id), in the order the trader keeps them. */
export const watchlist = z.array(z.number().int());
export type Watchlist = z.infer<typeof watchlist>;

/** Instrument ids as a form sends them: comma-separated (or repeated), each once. */
const idList = z
  .union([z.array(z.string()), z.string().max(WATCHLIST_MAX * 12)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
  .pipe(
    z
      .array(z.string().regex(/^\d{1,10}$/))
      .min(1)
      .max(WATCHLIST_MAX),
  )
  .transform((ids) => ids.map(Number))
  .pipe(
    z.array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    ),
  )
  .refine((ids) => new Set(ids).size === ids.length);

export const watchlistEndpoints = {
  watchlist: endpoint(api.watchlist, {
    summary: "The caller's favourite instruments (forex_id), in their order",
    input: z.object({}),
    answer: watchlist,
  }),
  watchlistAdd: endpoint(api.watchlistAdd, {
    summary: `Adds an instrument at the end of the watchlist (at most ${WATCHLIST_MAX}); one already there stays where it is`,
    input: z.object({ forex_id: id }),
    answer: watchlist,
    errors: [Code.REFUSED, Code.NOT_FOUND],
  }),
  watchlistRemove: endpoint(api.watchlistRemove, {
    summary: 'Takes an instrument off the watchlist; one not on it changes nothing',
    input: z.object({ forex_id: id }),
    answer: watchlist,
  }),
  watchlistOrder: endpoint(api.watchlistOrder, {
    summary:
      'Puts the named instruments (forex_ids, comma-separated) first, in that order; the others follow as they were',
    input: z.object({ forex_ids: idList }),
    answer: watchlist,
    errors: [Code.REFUSED],
  }),
};
