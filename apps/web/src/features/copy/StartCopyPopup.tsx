import { Button, Form, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type Provider, startCopying } from '../../api/copying';
import { DecimalInput } from '../../ui/DecimalInput';
import { CurrencyCode } from '../../ui/Money';
import { checkCopyForm, DEFAULT_STOP_PERCENT } from './copyForm';

interface Props {
  provider: Provider;
  visible: boolean;
  onClose(): void;
}

/** The amount to set aside for a provider and the loss limit; on success, the new copy's page. */
export function StartCopyPopup({ provider, visible, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [allocation, setAllocation] = useState('');
  const [stopPercent, setStopPercent] = useState(DEFAULT_STOP_PERCENT);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const form = checkCopyForm(allocation, stopPercent);
    if (!form.ok) return Toast.show({ content: t(form.error) });
    setBusy(true);
    try {
      const copy = await startCopying({
        provider_id: provider.provider_id,
        allocation: form.allocation,
        stop_percent: form.stop_percent,
      });
      Toast.show({ content: t('copy.started') });
      navigate(`/copy/detail?id=${copy.id}`);
    } catch {
      // The refusal was shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="copy-start">
      <h2 className="copy-start__title">{t('copy.form.title', { name: provider.user })}</h2>
      <Form layout="vertical" className="copy-start__form">
        <Form.Item label={t('copy.form.allocation')} extra={<CurrencyCode />}>
          <DecimalInput
            name="allocation"
            aria-label={t('copy.form.allocation')}
            placeholder={t('copy.form.allocationPlaceholder')}
            value={allocation}
            onChange={setAllocation}
          />
        </Form.Item>
        <Form.Item label={t('copy.form.stopPercent')} description={t('copy.form.stopPercentHint')} extra="%">
          <DecimalInput
            name="stop_percent"
            aria-label={t('copy.form.stopPercent')}
            value={stopPercent}
            onChange={setStopPercent}
          />
        </Form.Item>
      </Form>
      <p className="muted copy-start__note">{t('copy.form.scaling')}</p>
      <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
        {t('copy.form.submit')}
      </Button>
    </Popup>
  );
}
