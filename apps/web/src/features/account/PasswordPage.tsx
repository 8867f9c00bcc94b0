import { Button, Form, Input, Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amendPassword, fetchAreas, fetchUserInfo, sendEmail, sendSms } from '../../api/account';
import { useUser } from '../../stores/user';
import { CodeInput } from '../../ui/CodeInput';
import { CountdownButton } from '../../ui/CountdownButton';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { Page } from '../../ui/Page';
import { useSignOutAndLeave } from './signOutAndLeave';

/**
 * SPEC.md §2 /mine/password: a new password twice and a code sent to where the account signs in: its
 * e-mail, or by SMS its phone (a phone account has no e-mail).
 */
export default function PasswordPage() {
  const { t } = useTranslation();
  const user = useUser((s) => s.user);
  const setUser = useUser((s) => s.setUser);
  const signOutAndLeave = useSignOutAndLeave();
  const type = user?.email ? 'email' : 'mobile';
  const areaId = user?.area_id ?? undefined;
  const [dialCode, setDialCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  // The stored user may predate its area_id: read it again.
  useEffect(() => {
    fetchUserInfo().then(setUser, () => {});
  }, [setUser]);

  useEffect(() => {
    if (type !== 'mobile' || areaId === undefined) return;
    fetchAreas().then(
      (areas) => setDialCode(areas.find((a) => a.id === areaId)?.global_code ?? ''),
      () => {},
    );
  }, [type, areaId]);

  const sendCode = () => (type === 'email' ? sendEmail(user?.email, 2) : sendSms(user?.mobile, areaId, 2));
  const account =
    type === 'email' ? user?.email : [dialCode && `+${dialCode}`, user?.mobile].filter(Boolean).join(' ');

  const submit = async () => {
    if (!password || !repeat) return Toast.show({ content: t('msg.inputFull') });
    if (password !== repeat) return Toast.show({ content: t('msg.passwordNotEqual') });
    if (!code.trim()) return Toast.show({ content: t('msg.pleaseComplete') });
    setBusy(true);
    try {
      await amendPassword(password, code.trim(), type);
      // A password change ends every session, this one included: sign in again with the new password.
      await signOutAndLeave('/login');
    } catch {
      // Shown as a toast.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page>
      <div className="auth">
        <Form layout="vertical" className="auth__form">
          <Form.Item label={t(type === 'email' ? 'auth.email' : 'auth.mobile')}>
            <Input
              name="account"
              aria-label={t(type === 'email' ? 'auth.email' : 'auth.mobile')}
              value={account ?? ''}
              readOnly
            />
          </Form.Item>
          <Form.Item label={t('auth.code')} extra={<CountdownButton onSend={sendCode} />}>
            <CodeInput name="code" aria-label={t('auth.code')} value={code} onChange={setCode} />
          </Form.Item>
          <NewPasswordFields
            label="auth.newPassword"
            names={['new_password', 'repeat']}
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
          />
        </Form>
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          {t('common.confirm')}
        </Button>
      </div>
    </Page>
  );
}
