import { api, type Period } from '@meridian/contract';
import { request } from './http';

export const fetchTradeList = () => request(api.tradeList);
export const fetchCategories = () => request(api.categories);
export const fetchSparks = () => request(api.abbreviatedKline, {}, { silent: true });
export const fetchKline = (forexId: number, period: Period, signal?: AbortSignal) =>
  request(api.kline, { forex_id: forexId, period }, { signal });
/** Search errors are silent (SPEC.md §8). */
export const searchInstruments = (name: string, signal?: AbortSignal) =>
  request(api.searchInstrument, { name }, { silent: true, signal });
