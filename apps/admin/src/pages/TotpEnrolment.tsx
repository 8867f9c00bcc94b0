import type { OperatorTotpSetup } from '@meridian/contract';
import { Alert, Button, Input, Modal, QRCode, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act, call } from '../api';
import { useSession } from '../session';

/** Enrols the signed-in operator's authenticator: scan the code, confirm one code, done. */
export function TotpSteps({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { operator, refresh } = useSession();
  const [setup, setSetup] = useState<OperatorTotpSetup | null>(null);
  const [code, setCode] = useState('');

  async function confirm() {
    await act('totp/enable', { code });
    await refresh();
    onDone?.();
  }

  return (
    <>
      {operator?.totp_enabled && !setup && (
        <Alert type="success" showIcon message={t('totp.enabled')} style={{ marginBottom: 16 }} />
      )}
      <Steps
        size="small"
        current={setup ? 1 : 0}
        items={[{ title: t('totp.step1') }, { title: t('totp.step2') }]}
        style={{ marginBottom: 16 }}
      />
      {!setup ? (
        <Button
          type="primary"
          onClick={async () => setSetup(await call<OperatorTotpSetup>('POST', 'totp/setup'))}
        >
          {operator?.totp_enabled ? t('totp.replace') : t('totp.start')}
        </Button>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <QRCode value={setup.uri} />
          <Typography.Text>
            {t('totp.secret')}:{' '}
            <Typography.Text code copyable>
              {setup.secret}
            </Typography.Text>
          </Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              placeholder={t('signIn.code')}
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="primary" disabled={!/^\d{6}$/.test(code)} onClick={confirm}>
              {t('totp.confirm')}
            </Button>
          </Space.Compact>
        </Space>
      )}
    </>
  );
}

/** The enrolment in a dialog, from the operator menu or the warning that it is off. */
export function TotpEnrolment({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('totp.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <TotpSteps onDone={onClose} />
    </Modal>
  );
}
