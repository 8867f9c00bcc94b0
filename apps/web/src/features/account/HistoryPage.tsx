import { useState } from 'react';
import { fetchLedger, type LedgerRow } from '../../api/account';
import type { StatementFilters } from '../../api/statements';
import { Page } from '../../ui/Page';
import { PagedList } from '../../ui/PagedList';
import { StatementBar } from '../statements/StatementBar';
import { LedgerItem } from './LedgerItem';

/** SPEC.md §2 /mine/history: the account's ledger, newest first, paged as it scrolls; filters and CSV export above. */
export default function HistoryPage() {
  const [filters, setFilters] = useState<StatementFilters>({});
  return (
    <Page>
      <StatementBar kind="ledger" filters={filters} onChange={setFilters} />
      {/* New filters start the list over. */}
      <LedgerRows key={JSON.stringify(filters)} filters={filters} />
    </Page>
  );
}

function LedgerRows({ filters }: { filters: StatementFilters }) {
  return (
    <PagedList
      fetchPage={(page) => fetchLedger(page, filters)}
      row={(row: LedgerRow) => <LedgerItem key={row.Id} row={row} />}
    />
  );
}
