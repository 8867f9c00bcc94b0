import { z } from 'zod';
import { adminEndpoint } from '../../endpoint';
import { adminPageInput, decimal, filterText, rowsPage } from '../fields';
import { utcDay } from '../statements';

/** Reports read the money of every client: the finance desk's (and admin's). */
const REPORT_ROLES = ['finance'] as const;
/** The longest period a report covers, in days. */
export const REPORT_MAX_DAYS = 366;

/** A period of UTC days, both included; the server refuses `to` before `from` or more than REPORT_MAX_DAYS. */
export const reportPeriod = z.object({ from: utcDay, to: utcDay });

export const clientPnlRow = z.object({
  user_id: z.number().int(),
  uid: z.string(),
  email: z.string().nullable(),
  /** Orders closed in the period. */
  closed_orders: z.number().int(),
  /** Σ profit of the orders closed in the period. */
  realised_pnl: decimal,
  /** Σ fee of the orders closed in the period. */
  fees: decimal,
  /** Σ swap settled by the orders closed in the period (negative: charged). */
  swaps: decimal,
  /** Deposits approved in the period. */
  deposits: decimal,
  /** Withdrawals paid in the period. */
  withdrawals: decimal,
  /** deposits − withdrawals. */
  net_deposits: decimal,
});
export type ClientPnlRow = z.infer<typeof clientPnlRow>;

const houseFigures = z.object({
  /** Σ clients' realised P&L of the orders closed that day. */
  clients_pnl: decimal,
  /** Σ fees of those orders. */
  fees: decimal,
  /** Σ swap those orders settled (negative: charged to clients). */
  swaps: decimal,
  /** Σ negative-balance protection paid that day. */
  protection: decimal,
  /** −clients_pnl + fees − swaps − protection. */
  house_pnl: decimal,
});
export const houseDay = houseFigures.extend({ day: utcDay });
export type HouseDay = z.infer<typeof houseDay>;
export type HouseFigures = z.infer<typeof houseFigures>;

/** Money reports over a period of UTC days, real accounts only (demo accounts never count). */
export const adminReportEndpoints = {
  clientPnl: adminEndpoint(
    { method: 'GET', path: '/admin/api/reports/client-pnl', roles: REPORT_ROLES },
    {
      summary:
        "Each real client's realised P&L, fees, swaps and net deposits (approved deposits − paid withdrawals) over UTC days from..to, by P&L, found by email fragment or exact uid",
      input: adminPageInput.extend({
        ...reportPeriod.shape,
        q: filterText,
        sort: z.enum(['pnl_desc', 'pnl_asc']).default('pnl_desc'),
      }),
      answer: rowsPage(clientPnlRow),
    },
  ),
  houseDaily: adminEndpoint(
    { method: 'GET', path: '/admin/api/reports/house', roles: REPORT_ROLES },
    {
      summary:
        "The house's P&L each UTC day from..to (at most a year): −Σ clients' realised P&L + Σ fees − Σ clients' swaps − Σ protection, real accounts only, and the period's total",
      input: reportPeriod,
      answer: z.object({ rows: z.array(houseDay), total: houseFigures }),
    },
  ),
};
