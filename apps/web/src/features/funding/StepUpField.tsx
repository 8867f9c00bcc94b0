import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { sendStepUpCode } from '../../api/account';
import type { StepUpProof } from '../../api/funding';
import { type User, useUser } from '../../stores/user';
import { CodeInput } from '../../ui/CodeInput';
import { CountdownButton } from '../../ui/CountdownButton';

/** The code as the server takes it: the authenticator's when it is on, else the one sent by e-mail or SMS. */
export const stepUpProof = (user: User | null, code: string): StepUpProof =>
  user?.totp_enabled ? { totp: code } : { auth_code: code };

/**
 * The step-up before money moves (binding a withdrawal method, withdrawing): a session alone is not enough.
 * An authenticator code when the account has one, else a code sent to the account's own e-mail or phone.
 */
export function StepUpField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const user = useUser((s) => s.user);
  const totp = Boolean(user?.totp_enabled);
  return (
    <Form.Item
      label={t(totp ? 'security.totpCode' : 'auth.code')}
      required
      extra={totp ? undefined : <CountdownButton onSend={() => sendStepUpCode(user)} />}
    >
      <CodeInput
        name={totp ? 'totp' : 'auth_code'}
        aria-label={t(totp ? 'security.totpCode' : 'auth.code')}
        maxLength={totp ? 6 : 16}
        value={value}
        onChange={onChange}
      />
    </Form.Item>
  );
}
