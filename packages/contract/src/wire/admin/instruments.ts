import { z } from 'zod';
import { Code } from '../../codes';
import { adminEndpoint } from '../../endpoint';
import { decimal, id } from '../fields';

/** A non-negative decimal with at most 12 digits before the point and 8 after. */
const termDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/);
const positive = termDecimal.refine((v) => !/^0+(\.0+)?$/.test(v));
/** Swap points: signed (negative is charged), at most 12 digits before the point and 8 after. */
const swapPoints = z
  .string()
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,8})?$/);
/** Below 0.1: no digit but zeros before the point, and a zero first after it. */
const spreadRate = termDecimal.refine((v) => /^0+(\.0\d*)?$/.test(v));
/** A fraction of the price from 0.0001 (0.01 %) to 0.5 (50 %). */
const spikeFraction = termDecimal.refine((v) => Number(v) >= 0.0001 && Number(v) <= 0.5);
type Day = 'Sun' | 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat';
/** A time of the UTC week, "Mon 09:30" ("Fri 24:00" is the end of Friday). */
const weekTime = z
  .string()
  .regex(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (([01]\d|2[0-3]):[0-5]\d|24:00)$/)
  .transform((v) => v as `${Day} ${string}`);
/** A real calendar day, "YYYY-MM-DD". */
const utcDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  );

/** The terms an operator may change; omitted fields stay as they are. */
const termsInput = z
  .object({
    id,
    enabled: z.boolean(),
    category_id: id,
    leverages: z.array(z.number().int().min(1).max(1000)).max(20),
    min_lots: positive,
    max_lots: positive.nullable(),
    lot_step: positive,
    fee_rate: termDecimal,
    spread_rate: spreadRate,
    /** Points added to the spread, half below the bid and half above the ask; at most 100,000. */
    markup: termDecimal.refine((v) => Number(v) <= 100_000),
    /** A quote moving further than this fraction of the price is held until confirmed; null: learned from recent moves. */
    spike_threshold: spikeFraction.nullable(),
    swap_long: swapPoints,
    swap_short: swapPoints,
    sessions: z.array(z.object({ open: weekTime, close: weekTime })).max(50),
    holidays: z.array(utcDate).max(400),
    /** The largest absolute net lots of real accounts new positions may take it to; null: no limit. */
    exposure_limit: termDecimal.nullable(),
  })
  .partial()
  .required({ id: true });
export type InstrumentTermsChange = z.input<typeof termsInput>;

const terms = z.object({
  enabled: z.boolean(),
  category_id: z.number().int(),
  leverages: z.array(z.number().int()),
  min_lots: decimal,
  /** Null: no maximum. */
  max_lots: decimal.nullable(),
  lot_step: decimal,
  fee_rate: decimal,
  spread_rate: decimal,
  /** Points added to the provider's spread, half below the bid and half above the ask. */
  markup: decimal,
  /** The spike filter's threshold as a fraction of the price; null: 20 × the median recent move, with a floor. */
  spike_threshold: decimal.nullable(),
  /** Swap points per lot and night of a buy and of a sell (negative: charged), at the 22:00 UTC rollover. */
  swap_long: decimal,
  swap_short: decimal,
  /** When it trades, each week, in UTC. */
  sessions: z.array(z.object({ open: z.string(), close: z.string() })),
  /** UTC days it does not trade, "YYYY-MM-DD". */
  holidays: z.array(z.string()),
  /** The largest absolute net lots (buys − sells) of real accounts new positions may take it to; null: no limit. */
  exposure_limit: decimal.nullable(),
});

const instrument = terms.extend({
  id: z.number().int(),
  code: z.string(),
  show_code: z.string(),
  margin_mode: z.number().int(),
  contract_size: decimal,
  quote_currency: z.string(),
});
export type AdminInstrument = z.infer<typeof instrument>;

const category = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Its name in each interface language. */
  names: z.record(z.string(), z.string()),
});
export type InstrumentCategory = z.infer<typeof category>;

const instrumentList = z.object({ rows: z.array(instrument), categories: z.array(category) });
export type InstrumentList = z.infer<typeof instrumentList>;

export const adminInstrumentEndpoints = {
  instruments: adminEndpoint(
    { method: 'GET', path: '/admin/api/instruments', roles: ['risk'] },
    {
      summary:
        'Every instrument with its trading terms, disabled ones too, and the categories to file it under',
      input: z.object({}),
      answer: instrumentList,
    },
  ),
  editInstrument: adminEndpoint(
    { method: 'POST', path: '/admin/api/instruments/edit', roles: ['risk'] },
    {
      summary:
        "Changes an instrument's terms (not disabling one with open orders) and reloads the market; answers its terms",
      input: termsInput,
      answer: terms.extend({ id: z.number().int() }),
      errors: [Code.REFUSED],
    },
  ),
};
