import { Button, Form, Input, Selector, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  type BindForm,
  bindDrawMethod,
  type DrawType,
  fetchWithdrawCurrencies,
  type WithdrawCurrency,
} from '../../api/funding';
import { useUser } from '../../stores/user';
import { Page } from '../../ui/Page';
import { StepUpField, stepUpProof } from './StepUpField';

type Field = Exclude<keyof BindForm, 'type' | 'draw_id'>;

/** SPEC.md §5 bind rules: the starred fields are required. */
const FIELDS: Record<DrawType, { name: Field; label: string; required?: boolean }[]> = {
  1: [{ name: 'dc_address', label: 'funding.dcAddress', required: true }],
  2: [
    { name: 'bank_name', label: 'funding.bankName', required: true },
    { name: 'bank_address', label: 'funding.bankAddress', required: true },
    { name: 'bank_swift', label: 'funding.swift' },
    { name: 'payee_name', label: 'funding.payeeName', required: true },
    { name: 'payee_account', label: 'funding.payeeAccount', required: true },
    { name: 'coin_type', label: 'funding.coinType' },
    { name: 'remark', label: 'funding.remark' },
  ],
};

const LIST_PAGE: Record<DrawType, string> = { 1: '/mine/coin-address-list', 2: '/mine/bank-card-list' };

/** SPEC.md §2 /mine/withdraw-way?type=1|2: bind a coin address or a bank account for one withdrawal currency. */
export default function WithdrawWayPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type: DrawType = params.get('type') === '2' ? 2 : 1;
  const [currencies, setCurrencies] = useState<WithdrawCurrency[]>([]);
  const [currencyId, setCurrencyId] = useState<number>();
  const [values, setValues] = useState<Partial<Record<Field, string>>>({});
  const [code, setCode] = useState('');
  const user = useUser((s) => s.user);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchWithdrawCurrencies(type).then(
      (list) => {
        setCurrencies(list);
        setCurrencyId(list[0]?.id);
      },
      () => {},
    );
  }, [type]);

  const submit = async () => {
    if (currencyId === undefined) return Toast.show({ content: t('funding.noCurrency') });
    const missing = FIELDS[type].some((f) => f.required && !values[f.name]?.trim());
    if (missing) return Toast.show({ content: t('msg.pleaseComplete') });
    if (!code.trim()) return Toast.show({ content: t('msg.inputCode') });
    setBusy(true);
    try {
      await bindDrawMethod({ type, draw_id: currencyId, ...values, ...stepUpProof(user, code.trim()) });
      await navigate(LIST_PAGE[type], { replace: true });
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t(type === 1 ? 'funding.bindCoin' : 'funding.bindBank')}>
      <div className="funding-panel">
        <Selector
          columns={2}
          value={currencyId === undefined ? [] : [currencyId]}
          onChange={(v) => v[0] !== undefined && setCurrencyId(v[0])}
          options={currencies.map((c) => ({ value: c.id, label: `${c.code} · ${c.protocol}` }))}
        />
        <Form layout="vertical" className="funding-form">
          {FIELDS[type].map((field) => (
            <Form.Item key={field.name} label={t(field.label)} required={field.required}>
              <Input
                name={field.name}
                aria-label={t(field.label)}
                value={values[field.name] ?? ''}
                onChange={(value) => setValues((v) => ({ ...v, [field.name]: value }))}
                maxLength={200}
              />
            </Form.Item>
          ))}
          <StepUpField value={code} onChange={setCode} />
        </Form>
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          {t('funding.save')}
        </Button>
      </div>
    </Page>
  );
}
