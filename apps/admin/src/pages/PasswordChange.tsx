import { LockOutlined } from '@ant-design/icons';
import type { OperatorPasswordChange } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act } from '../api';
import { useSession } from '../session';

/** The server's minimum for an operator's password (longer than a trader's). */
export const PASSWORD_MIN = 12;

type Passwords = OperatorPasswordChange & { confirm: string };

/**
 * Current password, then a new one typed twice; the server then signs this operator out everywhere else.
 * The same form for the forced first change and for the operator menu.
 */
export function PasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { refresh } = useSession();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Passwords>();

  async function submit({ current_password, new_password }: Passwords) {
    setBusy(true);
    // A refusal (wrong current password…) was shown by call(); the form stays for another try.
    const changed = await act(adminEndpoints.changePassword, { current_password, new_password }).then(
      () => true,
      () => false,
    );
    setBusy(false);
    if (!changed) return;
    await refresh();
    onDone?.();
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
      <Form.Item name="current_password" label={t('password.current')} rules={[{ required: true }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('password.new')}
        extra={t('password.rule', { min: PASSWORD_MIN })}
        dependencies={['current_password']}
        rules={[
          { required: true },
          { min: PASSWORD_MIN, max: 200, message: t('password.rule', { min: PASSWORD_MIN }) },
          ({ getFieldValue }) => ({
            validator: async (_, value) => {
              if (value && value === getFieldValue('current_password')) throw new Error(t('password.same'));
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('password.confirm')}
        dependencies={['new_password']}
        rules={[
          { required: true },
          ({ getFieldValue }) => ({
            validator: async (_, value) => {
              if (value && value !== getFieldValue('new_password')) throw new Error(t('password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}

/** The operator menu's password change, in a dialog. */
export function PasswordChange({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('password.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <PasswordForm onDone={onClose} />
    </Modal>
  );
}
