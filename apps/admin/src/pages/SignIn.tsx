import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import type { OperatorCredentials } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Card, Flex, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api';
import { useSession } from '../session';

type Credentials = OperatorCredentials;

/** Password first; the authenticator code step appears when the server asks for it. */
export function SignIn() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { signedIn } = useSession();
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Credentials>();

  async function submit(values: Credentials) {
    setBusy(true);
    try {
      const { token, operator } = await call(adminEndpoints.login, values, !needsCode);
      signedIn(token, operator);
    } catch (error) {
      const asked =
        error instanceof ApiError && (error.data as { totp_required?: boolean } | null)?.totp_required;
      if (asked) setNeedsCode(true);
      else if (!needsCode && error instanceof ApiError)
        form.setFields([{ name: 'password', errors: [error.message] }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {needsCode ? t('signIn.codeHint') : t('signIn.hint')}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="email"
            label={t('signIn.email')}
            rules={[{ required: true, type: 'email' }]}
            hidden={needsCode}
          >
            <Input prefix={<MailOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('signIn.password')}
            rules={[{ required: true }]}
            hidden={needsCode}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {needsCode && (
            <Form.Item name="totp" label={t('signIn.code')} rules={[{ required: true, pattern: /^\d{6}$/ }]}>
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                maxLength={6}
                autoFocus
                autoComplete="one-time-code"
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('signIn.submit')}
          </Button>
          {needsCode && (
            <Button type="link" block onClick={() => setNeedsCode(false)}>
              {t('common.back')}
            </Button>
          )}
        </Form>
      </Card>
    </Flex>
  );
}
