import { api } from '@meridian/contract';
import { request } from './http';

/** Asked in the background by every star: an ended session is cleared without a detour to /login. */
export const fetchWatchlist = () => request(api.watchlist, {}, { silent: true, init: true });
export const watch = (forexId: number) => request(api.watchlistAdd, { forex_id: forexId });
export const unwatch = (forexId: number) => request(api.watchlistRemove, { forex_id: forexId });
/** The whole list, first to last, comma-separated as a form sends it. */
export const reorderWatchlist = (ids: number[]) => request(api.watchlistOrder, { forex_ids: ids.join(',') });
