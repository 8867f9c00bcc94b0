import { Button, Form, List, Tag, Toast } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchUserInfo } from '../../api/account';
import { disableTotp, enableTotp, setUpTotp, type TotpSetup } from '../../api/security';
import { useUser } from '../../stores/user';
import { CodeInput } from '../../ui/CodeInput';
import { CurrentPasswordField } from '../../ui/CurrentPasswordField';
import { CopyText } from '../funding/CopyText';

/**
 * Two-factor authentication with an authenticator app: turned on with a new secret (QR code, key and link), a
 * code from it and the account's password; turned off with a current code. Once on, sign-in and withdrawals
 * ask for its code.
 */
export function TotpSection() {
  const { t } = useTranslation();
  const { user, setUser } = useUser();
  const on = Boolean(user?.totp_enabled);
  const [setup, setSetup] = useState<TotpSetup>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setSetup(await setUpTotp()));

  /** Turns it on or off with the code typed, then reads the user again for the new totp_enabled. */
  const change = (send: (code: string) => Promise<unknown>) => {
    if (!code.trim()) return Toast.show({ content: t('msg.inputCode') });
    return run(async () => {
      await send(code.trim());
      setCode('');
      setPassword('');
      setSetup(undefined);
      setUser(await fetchUserInfo());
    });
  };

  const codeField = (
    <Form layout="vertical" className="security-form">
      <Form.Item label={t('security.totpCode')}>
        <CodeInput
          name="totp"
          aria-label={t('security.totpCode')}
          maxLength={6}
          value={code}
          onChange={setCode}
        />
      </Form.Item>
    </Form>
  );

  return (
    <>
      <List header={t('security.totp')}>
        <List.Item
          description={t('security.totpHint')}
          extra={<Tag color={on ? 'success' : 'default'}>{t(on ? 'security.on' : 'security.off')}</Tag>}
        >
          {t('security.totpApp')}
        </List.Item>
      </List>
      <div className="security-panel">
        {on ? (
          <>
            {codeField}
            <Button block color="danger" loading={busy} onClick={() => void change(disableTotp)}>
              {t('security.turnOff')}
            </Button>
          </>
        ) : setup ? (
          <>
            <div className="totp-setup">
              <p>{t('security.scan')}</p>
              <QRCodeSVG value={setup.uri} size={160} aria-label={t('security.totpApp')} role="img" />
              {/* Grouped in fours to be typed by hand; copied without the spaces. */}
              <CopyText value={setup.secret} shown={setup.secret.replace(/(.{4})(?=.)/g, '$1 ')} />
              <a className="link-button" href={setup.uri}>
                {t('security.openApp')}
              </a>
            </div>
            {codeField}
            <Form layout="vertical" className="security-form">
              <CurrentPasswordField value={password} onChange={setPassword} />
            </Form>
            <Button
              block
              color="primary"
              loading={busy}
              onClick={() => {
                if (!password) Toast.show({ content: t('msg.inputPassword') });
                else void change((typed) => enableTotp(typed, password));
              }}
            >
              {t('common.confirm')}
            </Button>
          </>
        ) : (
          <Button block color="primary" loading={busy} onClick={() => void start()}>
            {t('security.turnOn')}
          </Button>
        )}
      </div>
    </>
  );
}
