import type { Instrument } from '@meridian/contract';
import { ErrorBlock, List, SearchBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { searchInstruments } from '../../api/market';
import { useFollowMarketList, useMarket } from '../../stores/market';
import { changeDirection, formatPercent, formatPrice } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { Page } from '../../ui/Page';
import { TapItem } from '../../ui/TapItem';
import { CompanyResults } from '../company/CompanyResults';
import { companyStatus } from '../company/status';

const DEBOUNCE_MS = 250;

/** SPEC.md §2 /product: company search when the company mode is on, else instrument search; request errors are silent (§8). */
export default function ProductPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [companyMode, setCompanyMode] = useState(false);
  useEffect(() => {
    void companyStatus().then((status) => setCompanyMode(status?.type === 1));
  }, []);

  return (
    <Page>
      <div className="search-box">
        <SearchBar
          placeholder={t(companyMode ? 'company.searchPlaceholder' : 'market.searchPlaceholder')}
          value={query}
          onChange={setQuery}
          autoFocus
          aria-label={t(companyMode ? 'company.searchPlaceholder' : 'market.searchPlaceholder')}
        />
      </div>
      {companyMode ? <CompanyResults query={query} /> : <InstrumentResults query={query} />}
    </Page>
  );
}

function InstrumentResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useInstrumentName();
  const { instruments, load, select } = useMarket();
  const [found, setFound] = useState<Instrument[] | null>(null);
  // The rows carry the list's live quotes: the market list's snapshots while they are shown.
  useFollowMarketList();

  useEffect(() => {
    void load().catch(() => {});
  }, [load]);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setFound(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchInstruments(text, controller.signal).then(setFound, () => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // Before a query: every instrument, to browse. With one: the server's matches, plus names matched in the
  // interface language (typing 'ذهب' finds Gold), each with the live quote of the list.
  const text = query.trim().toLocaleLowerCase();
  const live = new Map(instruments.map((i) => [i.Id, i]));
  const results = !text
    ? instruments
    : [
        ...(found ?? []).map((i) => live.get(i.Id) ?? i),
        ...instruments.filter(
          (i) => !found?.some((f) => f.Id === i.Id) && name(i.ShowCode).toLocaleLowerCase().includes(text),
        ),
      ];
  if (text && found === null && results.length === 0) return null;

  return results.length === 0 ? (
    <ErrorBlock status="empty" title={t('search.noResults')} description="" />
  ) : (
    <List header={text ? undefined : t('trade.instruments')}>
      {results.map((i) => {
        const direction = changeDirection(i.ForexQuotations.Change);
        return (
          <TapItem
            key={i.Id}
            prefix={<img src={i.Logo} alt="" width={32} height={32} className="quote-row__logo" />}
            description={<span className="quote-row__code">{i.Code}</span>}
            extra={
              <span className={`num ${direction}`}>
                {formatPrice(i.ForexQuotations.Close, i.PricePrecision)}{' '}
                {i.MarketStatus === 1 ? formatPercent(i.ForexQuotations.Change) : t('market.closed')}
              </span>
            }
            onClick={() => {
              select(i.Id);
              navigate('/trade');
            }}
          >
            {name(i.ShowCode)}
          </TapItem>
        );
      })}
    </List>
  );
}
