import { Button, ErrorBlock, PullToRefresh } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { type Copy, fetchCopies } from '../../api/copying';
import { useUser } from '../../stores/user';
import { Page } from '../../ui/Page';
import { SkeletonRows } from '../../ui/SkeletonRows';
import { CopyIntro } from './CopyIntro';
import { CopySummary } from './CopySummary';

/** /copy, the footer's copy-trading tab: what it is for a visitor, the providers one copies once signed in. */
export default function CopyHubPage() {
  const isLogin = useUser((s) => s.isLogin);
  return <Page>{isLogin ? <MyCopies /> : <CopyIntro />}</Page>;
}

function MyCopies() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [copies, setCopies] = useState<Copy[] | null>(null);
  const load = useCallback(() => fetchCopies().then(setCopies, () => setCopies([])), []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <PullToRefresh onRefresh={load}>
      <h2 className="copy-heading">{t('copy.mine')}</h2>
      {copies === null ? (
        <SkeletonRows count={3} />
      ) : copies.length === 0 ? (
        <div className="copy-empty">
          <ErrorBlock status="empty" title={t('copy.empty')} description={t('copy.emptyHint')} />
          <Button color="primary" onClick={() => navigate('/rank')}>
            {t('copy.toRank')}
          </Button>
        </div>
      ) : (
        <ul className="copy-list">
          {copies.map((copy) => (
            <li key={copy.id}>
              <Link className="copy-card" to={`/copy/detail?id=${copy.id}`}>
                <CopySummary copy={copy} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </PullToRefresh>
  );
}
