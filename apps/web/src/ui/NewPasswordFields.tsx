import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A new password typed twice (sign-up, reset, change); the field names are each call's own (SPEC.md §7). */
export function NewPasswordFields({
  label,
  names,
  password,
  repeat,
  onPassword,
  onRepeat,
}: {
  label: 'auth.password' | 'auth.newPassword';
  names: [string, string];
  password: string;
  repeat: string;
  onPassword(value: string): void;
  onRepeat(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t(label)}>
        <Input
          name={names[0]}
          aria-label={t(label)}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={onPassword}
        />
      </Form.Item>
      <Form.Item label={t('auth.rePassword')}>
        <Input
          name={names[1]}
          aria-label={t('auth.rePassword')}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={onRepeat}
        />
      </Form.Item>
    </>
  );
}
