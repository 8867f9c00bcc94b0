import { z } from 'zod';
import { ALERT_DIRECTIONS, ALERT_NOTE_MAX } from '../alerts';
import { api } from '../api';
import { Code } from '../codes';
import { endpoint, type Sent } from '../endpoint';
import {
  decimal,
  decimalOrBlank,
  decimalText,
  id,
  nothing,
  optionalText,
  utcTime,
  utcTimeOrBlank,
} from './fields';

/** A price alert: fires once, at the first tick that reaches its level in its direction. */
export const priceAlert = z.object({
  id: z.number().int(),
  forex_id: z.number().int(),
  /** The instrument's ShowCode. */
  code: z.string(),
  direction: z.enum(ALERT_DIRECTIONS),
  price: decimal,
  note: z.string(),
  created_at: utcTime,
  /** When it fired, '' while it waits. */
  fired_at: utcTimeOrBlank,
  /** The tick that fired it, '' while it waits. */
  fired_price: decimalOrBlank,
});
export type PriceAlert = z.infer<typeof priceAlert>;

export const alertCreateInput = z.object({
  forex_id: id,
  /** Decimal text above zero with at most the instrument's price precision. */
  price: decimalText,
  direction: z.enum(ALERT_DIRECTIONS),
  note: optionalText(ALERT_NOTE_MAX),
});
export type AlertCreate = Sent<typeof alertCreateInput>;

export const alertsEndpoints = {
  alertList: endpoint(api.alertList, {
    summary: "The caller's price alerts, waiting and fired, newest first",
    input: z.object({}),
    answer: z.array(priceAlert),
  }),
  alertCreate: endpoint(api.alertCreate, {
    summary:
      'Sets a price alert; refused when the price is already at or past the level, or with 50 alerts waiting',
    input: alertCreateInput,
    answer: priceAlert,
    errors: [Code.REFUSED, Code.NOT_FOUND],
  }),
  alertDelete: endpoint(api.alertDelete, {
    summary: "Deletes one of the caller's alerts",
    input: z.object({ id }),
    answer: nothing,
    errors: [Code.NOT_FOUND],
  }),
};
