import { Button, Form, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../ui/DecimalInput';
import { CurrencyCode } from '../../ui/Money';
import { ImageField } from './ImageField';
import { positiveAmount } from './money';

interface DepositFormProps {
  /** Sends the request; false when there is no channel to pay to. */
  onSubmit(form: { number: string; proofImg: string }): Promise<unknown> | false;
}

/** Amount and payment proof, shared by the coin and wire deposits; cleared after a request is sent. */
export function DepositForm({ onSubmit }: DepositFormProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState('');
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  const submit = async () => {
    const number = positiveAmount(amount);
    if (!number) return Toast.show({ content: t('funding.inputAmount') });
    if (!proof) return Toast.show({ content: t('funding.uploadProof') });
    const sent = onSubmit({ number, proofImg: proof });
    if (sent === false) return Toast.show({ content: t('msg.noPayWay') });
    setBusy(true);
    try {
      await sent;
      setAmount('');
      setProof('');
      setRound((r) => r + 1);
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Form layout="vertical" className="funding-form">
        <Form.Item label={t('funding.amount')} extra={<CurrencyCode />}>
          <DecimalInput
            name="number"
            aria-label={t('funding.amount')}
            placeholder={t('funding.amountPlaceholder')}
            value={amount}
            onChange={setAmount}
          />
        </Form.Item>
        <Form.Item label={t('funding.proof')}>
          <ImageField key={round} onChange={setProof} onUploading={setUploading} />
        </Form.Item>
      </Form>
      {/* Not sent while the proof is still uploading: it would be refused as missing. */}
      <Button block color="primary" size="large" loading={busy || uploading} onClick={() => void submit()}>
        {t('funding.submit')}
      </Button>
    </>
  );
}
