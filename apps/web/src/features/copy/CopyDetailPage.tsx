import { CopyStatus } from '@meridian/contract';
import { Button, Dialog, ErrorBlock, Skeleton, Toast } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type CopyDetail, fetchCopy, stopCopying } from '../../api/copying';
import { formatPercent } from '../../ui/format';
import { Page } from '../../ui/Page';
import { CopyEvents } from './CopyEvents';
import { CopySummary } from './CopySummary';
import { Figure, Figures } from './Figures';

/** /copy/detail?id=: one copy's figures and events, and stopping it with or without its positions. */
export default function CopyDetailPage() {
  const { t } = useTranslation();
  const id = Number(useSearchParams()[0].get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const [copy, setCopy] = useState<CopyDetail | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    if (valid) fetchCopy(id).then(setCopy, (error: Error) => setFailure(error.message));
  }, [id, valid]);
  useEffect(load, [load]);

  const stop = async (close: boolean) => {
    setBusy(true);
    try {
      await stopCopying(id, close);
      Toast.show({ content: t('copy.stopped') });
      load();
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  const askStop = () => {
    Dialog.show({
      title: t('copy.stop'),
      content: t('copy.stopQuestion'),
      closeOnAction: true,
      actions: [
        { key: 'close', text: t('copy.stopClose'), danger: true, onClick: () => void stop(true) },
        { key: 'keep', text: t('copy.stopKeep'), onClick: () => void stop(false) },
        { key: 'cancel', text: t('common.cancel') },
      ],
    });
  };

  if (!valid || failure) {
    return (
      <Page>
        <ErrorBlock status="empty" title={failure || t('copy.notFound')} description="" />
      </Page>
    );
  }
  if (!copy) {
    return (
      <Page>
        <div className="copy-panel">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      </Page>
    );
  }
  return (
    <Page>
      <section className="copy-panel copy-card">
        <CopySummary copy={copy} />
        <Figures>
          <Figure label={t('copy.stopPercent')}>
            <span className="num">{formatPercent(copy.stop_percent, { signed: false })}</span>
          </Figure>
          <Figure label={t('copy.copied')}>
            <span className="num">{copy.copied_trades}</span>
          </Figure>
          <Figure label={t('copy.startedAt')}>
            <span className="num">{copy.created_at}</span>
          </Figure>
          {copy.stopped_at && (
            <Figure label={t('copy.stoppedAt')}>
              <span className="num">{copy.stopped_at}</span>
            </Figure>
          )}
        </Figures>
        {copy.status === CopyStatus.active && (
          <Button block color="danger" fill="outline" loading={busy} onClick={askStop}>
            {t('copy.stop')}
          </Button>
        )}
      </section>
      <h2 className="copy-heading">{t('copy.events')}</h2>
      <CopyEvents events={copy.events} />
    </Page>
  );
}
