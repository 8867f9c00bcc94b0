import type { OperatorRow } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Form, Input, Modal, Select, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act, call } from '../api';
import { type Role, useSession } from '../session';
import { when } from '../ui/format';
import { OnOffTag } from '../ui/OnOffTag';
import { PageTitle } from '../ui/PageTitle';
import { PASSWORD_MIN } from './PasswordChange';

const ROLES: Role[] = ['admin', 'finance', 'support', 'content', 'risk'];

/**
 * The operators: admins disable one at once, and ask for a new one, another role or re-enabling, which waits
 * for a second operator's approval (the Approvals page).
 */
export function Operators() {
  const { t } = useTranslation();
  const { operator: me } = useSession();
  const [rows, setRows] = useState<OperatorRow[]>([]);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm();
  const load = useCallback(async () => setRows(await call(adminEndpoints.operators)), []);
  const roleOptions = ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }));
  useEffect(() => {
    load().catch(() => {});
  }, [load]);

  return (
    <>
      <PageTitle
        title={t('nav.operators')}
        extra={
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('operators.create')}
          </Button>
        }
      />
      <Table<OperatorRow>
        rowKey="id"
        dataSource={rows}
        pagination={false}
        columns={[
          { title: t('users.email'), dataIndex: 'email' },
          {
            title: t('operators.role'),
            dataIndex: 'role',
            render: (r: Role, o) =>
              o.id === me?.id ? (
                <Tag color="blue">{t(`roles.${r}`)}</Tag>
              ) : (
                <Select
                  size="small"
                  aria-label={t('operators.changeRole', { email: o.email })}
                  value={r}
                  options={roleOptions}
                  style={{ minWidth: 120 }}
                  onChange={async (role) => {
                    await act(adminEndpoints.changeOperatorRole, { id: o.id, role }, 'operators.filed');
                    await load();
                  }}
                />
              ),
          },
          {
            title: t('operators.totp'),
            dataIndex: 'totp_enabled',
            render: (on: boolean) => <OnOffTag on={on} />,
          },
          { title: t('common.created'), dataIndex: 'created_at', render: when },
          {
            title: t('operators.active'),
            render: (_, o) => (
              <Switch
                checked={!o.disabled}
                disabled={o.id === me?.id}
                onChange={async (active) => {
                  await act(
                    adminEndpoints.disableOperator,
                    { id: o.id, disabled: !active },
                    'operators.filed',
                  );
                  await load();
                }}
              />
            ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('operators.create')}
        onCancel={() => setCreating(false)}
        onOk={() => form.submit()}
        okText={t('common.save')}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role: 'support' }}
          onFinish={async (values) => {
            await act(adminEndpoints.createOperator, values, 'operators.filed');
            setCreating(false);
            form.resetFields();
            await load();
          }}
        >
          <Form.Item name="email" label={t('users.email')} rules={[{ required: true, type: 'email' }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('signIn.password')}
            extra={t('operators.passwordHint')}
            rules={[{ required: true, min: PASSWORD_MIN, max: 200 }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')} rules={[{ required: true }]}>
            <Select options={roleOptions} />
          </Form.Item>
          <Typography.Text type="secondary">{t('operators.waitsHint')}</Typography.Text>
        </Form>
      </Modal>
    </>
  );
}
