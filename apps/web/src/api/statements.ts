import { type AccountDay, type ApiCall, api, type DepositRecord } from '@meridian/contract';
import { i18n } from '../i18n';
import { useApp } from '../stores/app';
import { useUser } from '../stores/user';
import { showToast } from '../ui/notice';
import { type Params, request } from './http';

/** A statement's optional filters as the calls take them: UTC days, an instrument, a type; absent means all. */
export type StatementFilters = {
  from?: string;
  to?: string;
  forex_id?: number;
  type?: string;
};

export const fetchDepositRecords = (page: number) => request(api.chargeList, { page });
export const fetchAccountHistory = () => request(api.accountHistory, {}, { silent: true });

/** The file name the server gave in Content-Disposition, or a plain one. */
const filenameOf = (res: Response) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'statement.csv';

/**
 * Downloads an export as a file: fetched with the session's token (a plain link cannot send the header),
 * saved through a blob URL. A refusal comes back as the envelope and is shown like any other.
 */
async function downloadExport(call: ApiCall, params: Params): Promise<void> {
  const { token } = useUser.getState();
  const query = new URLSearchParams({ format: 'csv', t: String(Date.now()) });
  for (const [key, value] of Object.entries(params))
    if (value != null && value !== '') query.set(key, String(value));
  const headers: Record<string, string> = { lang: useApp.getState().lang };
  if (token) headers.authorization = token;
  try {
    const res = await fetch(`${call.path}?${query}`, { headers });
    if (!(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
      const envelope = (await res.json()) as { msg: string };
      showToast(envelope.msg);
      return;
    }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = filenameOf(res);
    link.click();
    // The click has handed the blob to the download; the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  } catch {
    showToast(i18n.t('common.networkError', { code: 'NETWORK' }));
  }
}

export const exportLedger = (filters: StatementFilters) => downloadExport(api.ledgerExport, { ...filters });
export const exportHistory = (filters: StatementFilters) => downloadExport(api.historyExport, { ...filters });

export type { AccountDay, DepositRecord };
