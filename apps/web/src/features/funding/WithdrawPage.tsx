import { withdrawalQuote } from '@meridian/core';
import { Button, Form, Input, Selector, Tabs, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  type DrawMethod,
  type DrawType,
  fetchAccountDetail,
  fetchDrawMethods,
  fetchWithdrawCurrencies,
  requestWithdrawal,
  type WithdrawCurrency,
} from '../../api/funding';
import { useUser } from '../../stores/user';
import { DecimalInput } from '../../ui/DecimalInput';
import { formatFigure } from '../../ui/format';
import { CurrencyCode, Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { promptBind } from './bindPrompt';
import { positiveAmount } from './money';
import { StepUpField, stepUpProof } from './StepUpField';
import { WithdrawRecords } from './WithdrawRecords';

const methodLabel = (m: DrawMethod) => (m.type === 1 ? m.dc_address : `${m.bank_name} · ${m.payee_account}`);

/** Fee and expected received amount, live, by the same rule the server records (TRADING.md "Funding"). */
function quoteOf(amount: string, currency: WithdrawCurrency | undefined) {
  const number = positiveAmount(amount);
  if (!number || !currency) return { fee: '--', received: '--' };
  return withdrawalQuote(number, {
    drawRate: currency.draw_rate,
    feeType: currency.fee_type,
    usdPrice: currency.usd_price,
  });
}

function WithdrawForm({ type, onDone }: { type: DrawType; onDone(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [currencies, setCurrencies] = useState<WithdrawCurrency[]>([]);
  const [currencyId, setCurrencyId] = useState<number>();
  const [methods, setMethods] = useState<DrawMethod[]>([]);
  const [methodId, setMethodId] = useState<number>();
  /** The server's withdrawable, already rounded down: shown as given, never rounded again. */
  const [available, setAvailable] = useState<string>();
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [code, setCode] = useState('');
  const user = useUser((s) => s.user);
  const [busy, setBusy] = useState(false);
  const currency = currencies.find((c) => c.id === currencyId);

  useEffect(() => {
    fetchWithdrawCurrencies(type).then(
      (list) => {
        setCurrencies(list);
        setCurrencyId(list[0]?.id);
      },
      () => {},
    );
    fetchAccountDetail().then(
      (d) => setAvailable(d.withdrawable),
      () => {},
    );
  }, [type]);

  useEffect(() => {
    if (currencyId === undefined) return;
    fetchDrawMethods(type, currencyId).then(
      (list) => {
        setMethods(list);
        setMethodId(list[0]?.id);
      },
      () => {},
    );
  }, [type, currencyId]);

  const quote = quoteOf(amount, currency);

  const submit = async () => {
    if (!currency) return Toast.show({ content: t('funding.noCurrency') });
    if (methodId === undefined) return promptBind(navigate, type);
    const number = positiveAmount(amount);
    if (!number) return Toast.show({ content: t('funding.inputAmount') });
    if (!code.trim()) return Toast.show({ content: t('msg.inputCode') });
    setBusy(true);
    try {
      await requestWithdrawal({
        draw_currency_id: currency.id,
        number,
        memo,
        draw_method_id: methodId,
        ...stepUpProof(user, code.trim()),
      });
      setAmount('');
      setMemo('');
      setCode('');
      fetchAccountDetail().then(
        (d) => setAvailable(d.withdrawable),
        () => {},
      );
      onDone();
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="funding-panel">
      <Selector
        columns={2}
        value={currencyId === undefined ? [] : [currencyId]}
        onChange={(v) => v[0] !== undefined && setCurrencyId(v[0])}
        options={currencies.map((c) => ({ value: c.id, label: `${c.code} · ${c.protocol}` }))}
      />
      <Form layout="vertical" className="funding-form">
        <Form.Item
          label={t('funding.method')}
          extra={
            <button
              type="button"
              className="link-button"
              onClick={() => navigate(`/mine/withdraw-way?type=${type}`)}
            >
              {t('funding.addMethod')}
            </button>
          }
        >
          {methods.length === 0 ? (
            <button type="button" className="link-button" onClick={() => promptBind(navigate, type)}>
              {t('msg.notBind')}
            </button>
          ) : (
            <Selector
              className="method-selector"
              columns={1}
              value={methodId === undefined ? [] : [methodId]}
              onChange={(v) => v[0] !== undefined && setMethodId(v[0])}
              options={methods.map((m) => ({ value: m.id, label: methodLabel(m) }))}
            />
          )}
        </Form.Item>
        <Form.Item
          label={t('funding.amount')}
          extra={<CurrencyCode />}
          description={
            <span>
              {t('funding.available')}: <Money value={available} className="withdraw-available" />
              {currency &&
                ` · ${t('funding.limits', { min: formatFigure(currency.min), max: currency.max === '0' ? '∞' : formatFigure(currency.max) })}`}
            </span>
          }
        >
          <DecimalInput
            name="number"
            aria-label={t('funding.amount')}
            placeholder={t('funding.amountPlaceholder')}
            value={amount}
            onChange={setAmount}
          />
        </Form.Item>
        <Form.Item label={t('funding.memo')}>
          <Input name="memo" aria-label={t('funding.memo')} value={memo} onChange={setMemo} maxLength={300} />
        </Form.Item>
        <StepUpField value={code} onChange={setCode} />
      </Form>
      {/* Fee and received amount are in the payout currency: received = amount × usd_price − fee. */}
      <dl className="funding-card withdraw-quote">
        <div>
          <dt>{t('funding.fee')}</dt>
          <dd>
            <Money value={quote.fee} currency={currency?.code} />
          </dd>
        </div>
        <div>
          <dt>{t('funding.received')}</dt>
          <dd>
            <Money value={quote.received} currency={currency?.code} className="withdraw-quote__received" />
          </dd>
        </div>
      </dl>
      <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
        {t('funding.submit')}
      </Button>
    </div>
  );
}

/** SPEC.md §2 /mine/withdraw: currency, destination and amount with the live fee and received amount; records below. */
export default function WithdrawPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<DrawType>(1);
  const [round, setRound] = useState(0);
  return (
    <Page>
      <Tabs activeKey={String(type)} onChange={(key) => setType(Number(key) as DrawType)}>
        <Tabs.Tab key="1" title={t('funding.coinTab')} />
        <Tabs.Tab key="2" title={t('funding.bankTab')} />
      </Tabs>
      <WithdrawForm key={`form-${type}`} type={type} onDone={() => setRound((r) => r + 1)} />
      <h3 className="funding-heading">{t('funding.records')}</h3>
      <WithdrawRecords key={`records-${type}-${round}`} type={type} />
    </Page>
  );
}
