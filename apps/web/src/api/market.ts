import {
  api,
  type Candle,
  type Category,
  type Instrument,
  type Period,
  type SparkSeries,
} from '@meridian/contract';
import { request } from './http';

export const fetchTradeList = () => request<Instrument[]>(api.tradeList);
export const fetchCategories = () => request<Category[]>(api.categories);
export const fetchSparks = () => request<SparkSeries[]>(api.abbreviatedKline, {}, { silent: true });
export const fetchKline = (forexId: number, period: Period, signal?: AbortSignal) =>
  request<Candle[]>(api.kline, { forex_id: forexId, period }, { signal });
/** Search errors are silent (SPEC.md §8). */
export const searchInstruments = (name: string, signal?: AbortSignal) =>
  request<Instrument[]>(api.searchInstrument, { name }, { silent: true, signal });
