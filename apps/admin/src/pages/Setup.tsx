import { Button, Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { PasswordForm } from './PasswordChange';
import { TotpSteps } from './TotpEnrolment';

/**
 * What the server still asks before the back office opens, one step at a time: a password someone else
 * chose is replaced first, then (production) the authenticator is enrolled. Nothing else is reachable.
 */
export function Setup() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { operator, signOut } = useSession();
  const password = operator?.pending === 'operator_password_change_required';

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Card style={{ width: 420 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {password ? t('password.forcedTitle') : t('totp.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {t(password ? 'password.forcedHint' : 'totp.required', { email: operator?.email })}
        </Typography.Paragraph>
        {password ? <PasswordForm /> : <TotpSteps />}
        <Button type="link" block onClick={() => void signOut()} style={{ marginTop: 8 }}>
          {t('app.signOut')}
        </Button>
      </Card>
    </Flex>
  );
}
