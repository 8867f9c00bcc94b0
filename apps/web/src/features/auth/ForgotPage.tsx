import { Button, Form, Input, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { forgetPassword, type LoginType, sendEmail, sendSms } from '../../api/account';
import { AreaPicker } from '../../ui/AreaPicker';
import { CodeInput } from '../../ui/CodeInput';
import { CountdownButton } from '../../ui/CountdownButton';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { Page } from '../../ui/Page';

/** SPEC.md §2 /forgot: a reset code to the e-mail or phone, a new password twice; success goes to /login. */
export default function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<LoginType>('email');
  const [account, setAccount] = useState('');
  const [areaId, setAreaId] = useState<number | undefined>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [busy, setBusy] = useState(false);

  const sendCode = () =>
    account.trim()
      ? type === 'email'
        ? sendEmail(account.trim(), 2)
        : sendSms(account.trim(), areaId, 2)
      : Promise.reject(Toast.show({ content: t(type === 'email' ? 'msg.inputEmail' : 'msg.inputPhone') }));

  const submit = async () => {
    if (!account.trim() || !code.trim() || !password || !rePassword) {
      return Toast.show({ content: t('msg.pleaseComplete') });
    }
    if (password !== rePassword) return Toast.show({ content: t('msg.passwordInconsistency') });
    setBusy(true);
    try {
      await forgetPassword({
        type,
        account: account.trim(),
        area_id: type === 'mobile' ? areaId : undefined,
        new_password: password,
        secondary_password: rePassword,
        auth_code: code.trim(),
      });
      navigate('/login', { replace: true });
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <div className="auth">
        <Tabs
          activeKey={type}
          onChange={(key) => {
            // An e-mail address is not a phone number: the other kind starts empty.
            setType(key as LoginType);
            setAccount('');
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
                value={account}
                onChange={setAccount}
              />
            </div>
          </Form.Item>
          <Form.Item label={t('auth.code')} extra={<CountdownButton onSend={sendCode} />}>
            <CodeInput name="code" aria-label={t('auth.code')} value={code} onChange={setCode} />
          </Form.Item>
          <NewPasswordFields
            label="auth.newPassword"
            names={['new_password', 'secondary_password']}
            password={password}
            repeat={rePassword}
            onPassword={setPassword}
            onRepeat={setRePassword}
          />
        </Form>
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          {t('common.confirm')}
        </Button>
      </div>
    </Page>
  );
}
