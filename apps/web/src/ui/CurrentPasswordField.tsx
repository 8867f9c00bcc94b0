import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The account's current password (sign-in, turning the authenticator on): what the browser may fill in. */
export function CurrentPasswordField({
  value,
  onChange,
  onEnterPress,
}: {
  value: string;
  onChange(value: string): void;
  onEnterPress?(): void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.password')}>
      <Input
        name="password"
        aria-label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={onChange}
        onEnterPress={onEnterPress}
      />
    </Form.Item>
  );
}
