import { adminEndpoints } from '@meridian/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { act } from '../../api';

/** A credit or debit of the trader's balance, with its reason (the server may hold it for a second operator). */
export function AdjustBalance({
  userId,
  open,
  onClose,
  onDone,
}: {
  userId: number;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  return (
    <Modal
      open={open}
      title={t('users.adjust')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          await act(adminEndpoints.adjustBalance, { id: userId, ...values });
          form.resetFields();
          onDone();
        }}
      >
        <Form.Item
          name="amount"
          label={t('users.adjustAmount')}
          extra={t('users.adjustHint')}
          rules={[{ required: true, pattern: /^-?\d{1,15}(\.\d{1,8})?$/, message: t('users.amountRule') }]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[{ required: true, whitespace: true, max: 500 }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
