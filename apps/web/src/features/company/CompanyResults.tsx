import { Button, ErrorBlock, List, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type Company, searchCompanies } from '../../api/content';
import { TapItem } from '../../ui/TapItem';
import { rememberCompany } from './cookie';

const DEBOUNCE_MS = 250;

/** Company-search mode of /product: companies matching the query, each with a detail popup to enter it. */
export function CompanyResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [results, setResults] = useState<Company[] | null>(null);
  const [open, setOpen] = useState<Company | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchCompanies(query.trim(), controller.signal).then(setResults, () => {});
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const enter = (company: Company) => {
    rememberCompany(company.id);
    setOpen(null);
    navigate('/');
  };

  const fields = open
    ? ([
        ['company.subject', open.subject],
        ['company.location', open.location],
        ['company.address', open.registered_address],
        ['company.email', open.email],
        ['company.url', open.url],
      ] as const)
    : [];

  return (
    <>
      {results !== null &&
        (results.length === 0 ? (
          <ErrorBlock status="empty" title={t('company.noResults')} description="" />
        ) : (
          <List className="company-results">
            {results.map((c) => (
              <TapItem
                key={c.id}
                prefix={
                  c.logo ? <img src={c.logo} alt="" width={36} height={36} className="company__logo" /> : null
                }
                description={c.subject}
                onClick={() => setOpen(c)}
              >
                {c.name}
              </TapItem>
            ))}
          </List>
        ))}
      <Popup
        visible={open !== null}
        onMaskClick={() => setOpen(null)}
        onClose={() => setOpen(null)}
        bodyClassName="company-popup"
      >
        {open && (
          <div className="company-detail">
            <h2 className="company-detail__name">{open.name}</h2>
            <dl>
              {fields.map(([label, value]) =>
                value ? (
                  <div key={label} className="company-detail__row">
                    <dt>{t(label)}</dt>
                    <dd>{value}</dd>
                  </div>
                ) : null,
              )}
            </dl>
            <Button block color="primary" onClick={() => enter(open)}>
              {t('company.enter')}
            </Button>
          </div>
        )}
      </Popup>
    </>
  );
}
