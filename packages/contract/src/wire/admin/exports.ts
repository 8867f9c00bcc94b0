import { z } from 'zod';
import { type AdminEndpoint, adminEndpoint } from '../../endpoint';
import type { adminPageInput } from '../fields';
import { adminFundingEndpoints } from './funding';
import { adminRecordEndpoints } from './records';
import { adminReportEndpoints } from './reports';
import { adminUserEndpoints } from './users';

/** What an export answers: the file's text, not an envelope. */
export const adminCsvFile = z
  .string()
  .describe('The CSV file (UTF-8 with a BOM), headers in the lang header, sent as an attachment');

/** A list's export: GET {list path}/export, the list's roles and filters without the page, every row as CSV. */
function exportOf<S extends typeof adminPageInput.shape>(list: AdminEndpoint<z.ZodObject<S>>, rows: string) {
  const { page: _page, size: _size, ...filters } = list.input.shape;
  return adminEndpoint(
    { method: 'GET', path: `${list.path}/export`, roles: list.roles },
    {
      summary: `${rows} as a CSV file, with the list's filters, every page`,
      input: z.object(filters),
      answer: adminCsvFile,
    },
  );
}

/** The CSV exports of the back office's lists and reports; each is audited and rate-limited. */
export const adminExportEndpoints = {
  usersExport: exportOf(adminUserEndpoints.users, 'Traders'),
  userOrdersExport: exportOf(adminUserEndpoints.userOrders, "A trader's orders"),
  userLedgerExport: exportOf(adminUserEndpoints.userLedger, "A trader's ledger rows"),
  depositsExport: exportOf(adminFundingEndpoints.deposits, "Traders' deposits"),
  withdrawalsExport: exportOf(adminFundingEndpoints.withdrawals, "Traders' withdrawals"),
  auditExport: exportOf(adminRecordEndpoints.audit, "The operators' audit trail"),
  clientPnlExport: exportOf(adminReportEndpoints.clientPnl, "Clients' realised P&L and net deposits"),
  houseDailyExport: adminEndpoint(
    {
      method: 'GET',
      path: `${adminReportEndpoints.houseDaily.path}/export`,
      roles: adminReportEndpoints.houseDaily.roles,
    },
    {
      summary: "The house's P&L by UTC day as a CSV file",
      input: adminReportEndpoints.houseDaily.input,
      answer: adminCsvFile,
    },
  ),
};

/** The names of the calls answered with a file instead of the envelope. */
export const ADMIN_DOWNLOAD_ENDPOINTS = Object.keys(
  adminExportEndpoints,
) as (keyof typeof adminExportEndpoints)[];
