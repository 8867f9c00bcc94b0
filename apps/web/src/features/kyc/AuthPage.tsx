import { Button, Form, Input, NoticeBar, Result, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchVerification, submitVerification, type VerificationCenter } from '../../api/kyc';
import { useUser } from '../../stores/user';
import { Page } from '../../ui/Page';
import { ImageField } from '../funding/ImageField';

function VerificationForm({ onSubmitted }: { onSubmitted(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const [front, setFront] = useState('');
  const [reverse, setReverse] = useState('');
  const [busy, setBusy] = useState(false);
  const [frontUploading, setFrontUploading] = useState(false);
  const [reverseUploading, setReverseUploading] = useState(false);

  const submit = async () => {
    if (!name.trim()) return Toast.show({ content: t('kyc.inputName') });
    if (!cardId.trim()) return Toast.show({ content: t('kyc.inputIdNumber') });
    if (!front || !reverse) return Toast.show({ content: t('kyc.uploadPictures') });
    setBusy(true);
    try {
      await submitVerification({
        name: name.trim(),
        card_id: cardId.trim(),
        front_pic: front,
        reverse_pic: reverse,
      });
      onSubmitted();
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="funding-panel">
      <Form layout="vertical" className="funding-form">
        <Form.Item label={t('kyc.name')}>
          <Input
            name="name"
            aria-label={t('kyc.name')}
            placeholder={t('kyc.inputName')}
            value={name}
            onChange={setName}
            maxLength={100}
          />
        </Form.Item>
        <Form.Item label={t('kyc.cardId')}>
          <Input
            name="card_id"
            aria-label={t('kyc.cardId')}
            placeholder={t('kyc.inputIdNumber')}
            value={cardId}
            onChange={setCardId}
            maxLength={40}
          />
        </Form.Item>
        <Form.Item label={t('kyc.front')}>
          <ImageField onChange={setFront} onUploading={setFrontUploading} />
        </Form.Item>
        <Form.Item label={t('kyc.back')}>
          <ImageField onChange={setReverse} onUploading={setReverseUploading} />
        </Form.Item>
      </Form>
      {/* Not sent while a picture is still uploading: it would be refused as missing. */}
      <Button
        block
        color="primary"
        size="large"
        loading={busy || frontUploading || reverseUploading}
        onClick={() => void submit()}
      >
        {t('kyc.submit')}
      </Button>
    </div>
  );
}

/** SPEC.md §4 /mine/auth: the form (again, with the reason, after a rejection), "Audit" while waiting, "Certified" once verified. */
export default function AuthPage() {
  const { t } = useTranslation();
  const [center, setCenter] = useState<VerificationCenter>();
  const [round, setRound] = useState(0);
  const user = useUser((s) => s.user);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for the state again after a submission.
  useEffect(() => {
    fetchVerification().then(setCenter, () => {});
  }, [round]);

  if (!center) return <Page />;
  const status = center.review_status;
  return (
    <Page>
      {status === 1 && <Result status="waiting" title={t('kyc.audit')} description={t('kyc.auditHint')} />}
      {status === 2 && (
        <Result
          status="success"
          title={t('kyc.certified')}
          description={`${center.name || user?.name} · ${center.card_id}`}
        />
      )}
      {status === 0 && center.reason && (
        <NoticeBar color="error" wrap content={t('kyc.rejected', { reason: center.reason })} />
      )}
      {status === 0 && <VerificationForm onSubmitted={() => setRound((r) => r + 1)} />}
    </Page>
  );
}
