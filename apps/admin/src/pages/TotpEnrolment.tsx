import type { OperatorTotpEnable, OperatorTotpSetup } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Alert, Button, Input, Modal, QRCode, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act, call } from '../api';
import { useSession } from '../session';

const SIX_DIGITS = /^\d{6}$/;

/**
 * Enrols the signed-in operator's authenticator: scan the code, confirm one code, done. Replacing one already
 * on also takes the password and a code of the authenticator in use, so a session alone cannot swap it.
 */
export function TotpSteps({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { operator, refresh } = useSession();
  const [setup, setSetup] = useState<OperatorTotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [proof, setProof] = useState<Required<Omit<OperatorTotpEnable, 'code'>>>({
    password: '',
    current_code: '',
  });
  const replacing = Boolean(operator?.totp_enabled);
  const ready =
    SIX_DIGITS.test(code) && (!replacing || (proof.password && SIX_DIGITS.test(proof.current_code)));

  async function confirm() {
    await act(adminEndpoints.totpEnable, replacing ? { code, ...proof } : { code });
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
        <Button type="primary" onClick={async () => setSetup(await call(adminEndpoints.totpSetup))}>
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
          {replacing && (
            <>
              <Typography.Text type="secondary">{t('totp.replaceHint')}</Typography.Text>
              <Input.Password
                aria-label={t('totp.password')}
                placeholder={t('totp.password')}
                autoComplete="current-password"
                value={proof.password}
                onChange={(e) => setProof({ ...proof, password: e.target.value })}
              />
              <Input
                aria-label={t('totp.currentCode')}
                placeholder={t('totp.currentCode')}
                maxLength={6}
                value={proof.current_code}
                onChange={(e) => setProof({ ...proof, current_code: e.target.value })}
              />
            </>
          )}
          <Space.Compact style={{ width: '100%' }}>
            <Input
              placeholder={replacing ? t('totp.newCode') : t('signIn.code')}
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="primary" disabled={!ready} onClick={confirm}>
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
