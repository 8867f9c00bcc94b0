import { z } from 'zod';
import { adminEndpoint } from '../../endpoint';
import { decimal, isoTime } from '../fields';

/**
 * The book's open positions per instrument (the traders' side), real accounts only (demo ones are no
 * risk of the platform's): each instrument they hold or that has an exposure limit.
 */
const exposure = z.object({
  rows: z.array(
    z.object({
      instrument_id: z.number().int(),
      code: z.string(),
      positions: z.number().int(),
      long_lots: decimal,
      short_lots: decimal,
      /** Long − short. */
      net_lots: decimal,
      /** The net lots in USD at the last price (negative: net short); null without a price to value them at. */
      net_usd: decimal.nullable(),
      /** The limit on the absolute net lots; null: none. */
      exposure_limit: decimal.nullable(),
      floating_pnl: decimal,
    }),
  ),
  floating_pnl: decimal,
  positions: z.number().int(),
});
export type Exposure = z.infer<typeof exposure>;

/** Accounts at stop-out, at margin call or near it, lowest risk rate first. */
const atRisk = z.object({
  rows: z.array(
    z.object({
      user_id: z.number().int(),
      uid: z.string(),
      email: z.string().nullable(),
      mobile: z.string().nullable(),
      state: z.enum(['stop_out', 'margin_call', 'near']),
      /** Percent. */
      risk_rate: decimal,
      equity: decimal,
      used_margin: decimal,
      floating_pnl: decimal,
      positions: z.number().int(),
      /** At stop-out, but none of its positions has a live price: it waits for the market. */
      stop_out_blocked: z.boolean(),
      /** Show codes of the positions it waits on. */
      waiting_on: z.array(z.string()),
    }),
  ),
  margin_call_level: decimal,
  stop_out_level: decimal,
});
export type AtRisk = z.infer<typeof atRisk>;

/** One view of the risk desk, both parts from one read of the open positions. */
const riskSnapshot = z.object({
  exposure,
  accounts: atRisk,
  /** When the server computed it. */
  at: isoTime,
});
export type RiskSnapshot = z.infer<typeof riskSnapshot>;

export const adminRiskEndpoints = {
  riskExposure: adminEndpoint(
    { method: 'GET', path: '/admin/api/risk/exposure', roles: ['risk'] },
    { summary: 'Open lots and floating P&L per instrument', input: z.object({}), answer: exposure },
  ),
  riskAccounts: adminEndpoint(
    { method: 'GET', path: '/admin/api/risk/accounts', roles: ['risk'] },
    {
      summary: 'Accounts at stop-out, at margin call or near it, lowest risk rate first',
      input: z.object({}),
      answer: atRisk,
    },
  ),
  riskLive: adminEndpoint(
    { method: 'GET', path: '/admin/api/risk/live', roles: ['risk'] },
    {
      summary:
        'Exposure and accounts at risk together; with Accept: text/event-stream a stream of server-sent ' +
        "events instead of the envelope, each 'risk' event's data one such snapshot, pushed on every change",
      input: z.object({}),
      answer: riskSnapshot,
    },
  ),
};
