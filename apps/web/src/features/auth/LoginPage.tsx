import { Button, Form, Input, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { demoLogin, type LoginResult, type LoginType, login } from '../../api/account';
import { ApiError } from '../../api/http';
import { useUser } from '../../stores/user';
import { AreaPicker } from '../../ui/AreaPicker';
import { CodeInput } from '../../ui/CodeInput';
import { CurrentPasswordField } from '../../ui/CurrentPasswordField';
import { Page } from '../../ui/Page';

/** Only in-app paths are followed after sign-in, never another site. */
export function safeFrom(from: string | null): string {
  return from?.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/** Whether a sign-in refusal asks for the account's authenticator code (its data is `{ totp_required: true }`). */
const asksForTotp = (error: unknown) =>
  error instanceof ApiError && (error.data as { totp_required?: boolean } | null)?.totp_required === true;

/**
 * SPEC.md §2 /login: e-mail or mobile with area code, password; a demo account keyed by this device. An account
 * with an authenticator app is then asked for its code, sent again with the same credentials.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { signIn, uuid } = useUser();
  const [type, setType] = useState<LoginType>('email');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [areaId, setAreaId] = useState<number | undefined>();
  /** Set once the server asked for the authenticator code. */
  const [totpAsked, setTotpAsked] = useState(false);
  const [totp, setTotp] = useState('');
  const [busy, setBusy] = useState(false);

  const done = (result: LoginResult) => {
    signIn(result.token, result.user);
    navigate(safeFrom(params.get('from')), { replace: true });
  };

  const submit = async () => {
    if (!account.trim())
      return Toast.show({ content: t(type === 'email' ? 'msg.inputEmail' : 'msg.inputPhone') });
    if (!password) return Toast.show({ content: t('msg.inputPassword') });
    if (totpAsked && !totp.trim()) return Toast.show({ content: t('msg.inputCode') });
    setBusy(true);
    try {
      done(
        await login({
          account: account.trim(),
          password,
          login_type: type,
          area_id: type === 'mobile' ? areaId : undefined,
          totp: totpAsked ? totp.trim() : undefined,
        }),
      );
    } catch (error) {
      // Shown as a toast (the server's "enter the code from your authenticator app" too).
      if (asksForTotp(error)) setTotpAsked(true);
    } finally {
      setBusy(false);
    }
  };

  const tryDemo = async () => {
    setBusy(true);
    try {
      done(await demoLogin(uuid));
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <div className="auth">
        <h1 className="auth__title">{t('auth.welcome')}</h1>
        <Tabs
          activeKey={type}
          onChange={(key) => {
            // An e-mail address is not a phone number: the other kind starts empty.
            setType(key as LoginType);
            setAccount('');
            setTotpAsked(false);
            setTotp('');
          }}
        >
          <Tabs.Tab key="email" title={t('auth.byEmail')} />
          <Tabs.Tab key="mobile" title={t('auth.byMobile')} />
        </Tabs>
        <Form layout="vertical" className="auth__form">
          <Form.Item label={t(type === 'email' ? 'auth.email' : 'auth.mobile')}>
            <div className="inline">
              {type === 'mobile' && <AreaPicker value={areaId} onChange={setAreaId} />}
              <Input
                name="account"
                aria-label={t(type === 'email' ? 'auth.email' : 'auth.mobile')}
                type={type === 'email' ? 'email' : 'tel'}
                autoComplete={type === 'email' ? 'email' : 'tel'}
                value={account}
                onChange={setAccount}
                placeholder={t(type === 'email' ? 'auth.emailPlaceholder' : 'auth.mobilePlaceholder')}
              />
            </div>
          </Form.Item>
          <CurrentPasswordField value={password} onChange={setPassword} onEnterPress={() => void submit()} />
          {totpAsked && (
            <Form.Item label={t('security.totpCode')}>
              <CodeInput
                name="totp"
                aria-label={t('security.totpCode')}
                maxLength={6}
                value={totp}
                onChange={setTotp}
                onEnterPress={() => void submit()}
              />
            </Form.Item>
          )}
        </Form>
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          {t('auth.signIn')}
        </Button>
        <div className="auth__links">
          <Link to="/forgot">{t('auth.forgot')}</Link>
          <Link to="/register">{t('auth.noAccount')}</Link>
        </div>
        <Button block fill="outline" onClick={() => void tryDemo()} disabled={busy}>
          {t('auth.tryDemo')}
        </Button>
        <Link className="auth__settings" to="/language">
          {t('auth.languageAndTheme')}
        </Link>
      </div>
    </Page>
  );
}
