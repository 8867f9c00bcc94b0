import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnabledSortRow, KindCurrencyRow } from './PaymentFields';

/** A deposit channel's editor: a coin channel's address, or a wire's bank account. */
export function DepositChannelFields({ wire }: { wire: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <KindCurrencyRow
        kind="kind"
        kinds={[
          { value: 'coin', label: t('payments.coin') },
          { value: 'wire', label: t('payments.wire') },
        ]}
        code="currency_code"
        protocol="protocol_code"
      />
      {wire ? (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="bank_name" label={t('payments.bankName')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="account_name" label={t('payments.accountName')} rules={[{ max: 200 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="account_number"
              label={t('payments.accountNumber')}
              rules={[{ required: true, max: 100 }]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="swift" label="SWIFT" rules={[{ max: 20 }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="bank_address" label={t('payments.bankAddress')} rules={[{ max: 300 }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <Form.Item name="address" label={t('payments.address')} rules={[{ required: true, max: 200 }]}>
          <Input />
        </Form.Item>
      )}
      <Form.Item name="remark" label={t('payments.remark')} rules={[{ max: 300 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <EnabledSortRow />
    </>
  );
}
