import { ALERT_NOTE_MAX, type AlertDirection, Topic } from '@meridian/contract';
import { Button, ErrorBlock, Input, List, Selector, SwipeAction } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { createAlert, deleteAlert, fetchAlerts, type PriceAlert } from '../../api/alerts';
import { socket } from '../../api/ws';
import { useFollowQuotes, useMarket } from '../../stores/market';
import { DecimalInput } from '../../ui/DecimalInput';
import { formatFigure } from '../../ui/format';
import { useInstrumentName } from '../../ui/instrumentName';
import { showToast } from '../../ui/notice';
import { Page } from '../../ui/Page';
import { SkeletonRows } from '../../ui/SkeletonRows';
import '../notifications/notifications.css';

/** /alerts: the trader's price alerts, and the form that sets one (for ?forex_id= when the trade screen opened it). */
export default function AlertsPage() {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const [alerts, setAlerts] = useState<PriceAlert[] | null>(null);
  const load = useCallback(() => fetchAlerts().then(setAlerts, () => setAlerts([])), []);
  useEffect(() => {
    void load();
  }, [load]);
  // An alert firing while the list is open is shown fired at once.
  useEffect(
    () =>
      socket.subscribe(Topic.NOTIFICATION, (message) => {
        if (message.quotation.kind === 'alert_fired') void load();
      }),
    [load],
  );
  useEffect(() => socket.onAccountPushes(() => void load()), [load]);

  const remove = async (id: number) => {
    // A refusal (deleted meanwhile elsewhere) was shown; the list is read again either way.
    await deleteAlert(id).catch(() => {});
    await load();
  };

  return (
    <Page>
      <AlertForm onSet={load} />
      <h2 className="copy-heading">{t('alerts.mine')}</h2>
      {alerts === null ? (
        <SkeletonRows count={3} />
      ) : alerts.length === 0 ? (
        <ErrorBlock status="empty" title={t('alerts.empty')} description="" />
      ) : (
        <List>
          {alerts.map((a) => (
            <SwipeAction
              key={a.id}
              rightActions={[
                {
                  key: 'delete',
                  text: t('alerts.delete'),
                  color: 'danger',
                  onClick: () => void remove(a.id),
                },
              ]}
            >
              <List.Item
                className={a.fired_at ? 'alert--fired' : undefined}
                data-testid="alert"
                description={a.note || undefined}
                extra={
                  a.fired_at ? (
                    <span className="num">
                      {t('alerts.fired', { price: formatFigure(a.fired_price), time: a.fired_at })}
                    </span>
                  ) : (
                    <Button size="mini" fill="none" onClick={() => void remove(a.id)}>
                      {t('alerts.delete')}
                    </Button>
                  )
                }
              >
                {name(a.code)} {t(a.direction === 'above' ? 'alerts.above' : 'alerts.below')}{' '}
                <span className="num">{formatFigure(a.price)}</span>
              </List.Item>
            </SwipeAction>
          ))}
        </List>
      )}
    </Page>
  );
}

function AlertForm({ onSet }: { onSet: () => void }) {
  const { t } = useTranslation();
  const name = useInstrumentName();
  const [params] = useSearchParams();
  const { instruments, load } = useMarket();
  const [forexId, setForexId] = useState<number>(Number(params.get('forex_id')) || 0);
  const [direction, setDirection] = useState<AlertDirection>('above');
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void load().catch(() => {});
  }, [load]);
  const instrument = instruments.find((i) => i.Id === forexId) ?? instruments[0];
  // The chosen instrument's price, which the form starts from.
  useFollowQuotes(instrument ? [instrument.Code] : []);
  const current = instrument?.ForexQuotations.Close ?? '';
  // Prefilled with the current price once the instrument is known, and again when another is chosen.
  const [filledFor, setFilledFor] = useState(0);
  if (instrument && current && filledFor !== instrument.Id) {
    setFilledFor(instrument.Id);
    setPrice(current);
  }

  const submit = async () => {
    if (!instrument) return;
    setBusy(true);
    try {
      await createAlert({ forex_id: instrument.Id, price: price.trim(), direction, note: note.trim() });
      showToast(t('alerts.set'));
      setNote('');
      onSet();
    } catch {
      // The server's refusal was shown.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="alerts-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <List>
        <List.Item title={t('alerts.instrument')}>
          <select
            className="field-box alerts-form__select"
            aria-label={t('alerts.instrument')}
            value={instrument?.Id ?? ''}
            onChange={(e) => setForexId(Number(e.target.value))}
          >
            {instruments.map((i) => (
              <option key={i.Id} value={i.Id}>
                {name(i.ShowCode)}
              </option>
            ))}
          </select>
        </List.Item>
        <List.Item title={t('alerts.when')}>
          <Selector
            value={[direction]}
            onChange={(v) => v[0] && setDirection(v[0])}
            options={[
              { label: t('alerts.above'), value: 'above' as const },
              { label: t('alerts.below'), value: 'below' as const },
            ]}
          />
        </List.Item>
        <List.Item title={t('alerts.price')} extra={<span className="num">{formatFigure(current)}</span>}>
          <DecimalInput
            aria-label={t('alerts.price')}
            value={price}
            onChange={setPrice}
            data-testid="alert-price"
          />
        </List.Item>
        <List.Item title={t('alerts.note')}>
          <Input aria-label={t('alerts.note')} maxLength={ALERT_NOTE_MAX} value={note} onChange={setNote} />
        </List.Item>
      </List>
      <Button block color="primary" type="submit" loading={busy} disabled={!instrument || !price.trim()}>
        {t('alerts.create')}
      </Button>
    </form>
  );
}
