import { Button, Form, Input, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amendPassword, sendEmail } from '../../api/account';
import { useUser } from '../../stores/user';
import { CodeInput } from '../../ui/CodeInput';
import { CountdownButton } from '../../ui/CountdownButton';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { Page } from '../../ui/Page';
import { useSignOutAndLeave } from './signOutAndLeave';

/** SPEC.md §2 /mine/password: a new password twice and a code sent to the account's e-mail. */
export default function PasswordPage() {
  const { t } = useTranslation();
  const user = useUser((s) => s.user);
  const signOutAndLeave = useSignOutAndLeave();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!password || !repeat) return Toast.show({ content: t('msg.inputFull') });
    if (password !== repeat) return Toast.show({ content: t('msg.passwordNotEqual') });
    if (!code.trim()) return Toast.show({ content: t('msg.pleaseComplete') });
    setBusy(true);
    try {
      await amendPassword(password, code.trim());
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
          <Form.Item label={t('auth.email')}>
            <Input value={user?.email ?? ''} readOnly />
          </Form.Item>
          <Form.Item
            label={t('auth.code')}
            extra={<CountdownButton onSend={() => sendEmail(user?.email ?? '', 2)} />}
          >
            <CodeInput name="code" value={code} onChange={setCode} />
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
