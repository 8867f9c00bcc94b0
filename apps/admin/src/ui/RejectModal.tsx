import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Asks why an item is rejected: `send` posts the reason, then the modal shuts and `onDone` follows. */
export function RejectModal({
  open,
  onClose,
  send,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  send: (reason: string) => Promise<unknown>;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={t('queue.reject')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ danger: true }}
      okText={t('queue.reject')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ reason }) => {
          await send(reason);
          onClose();
          form.resetFields();
          await onDone();
        }}
      >
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
