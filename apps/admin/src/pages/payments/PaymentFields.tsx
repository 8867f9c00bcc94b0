import { Col, Form, Input, InputNumber, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';

/** The editors' first row: the kind (coin or wire/bank), the currency and its network, under each editor's field names. */
export function KindCurrencyRow({
  kind,
  kinds,
  code,
  protocol,
}: {
  kind: string;
  kinds: { value: string | number; label: string }[];
  code: string;
  protocol: string;
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item name={kind} label={t('payments.kind')} rules={[{ required: true }]}>
          <Radio.Group optionType="button" options={kinds} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name={code} label={t('queue.currency')} rules={[{ required: true, max: 20 }]}>
          <Input placeholder="USDT" />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name={protocol} label={t('payments.protocol')} rules={[{ max: 20 }]}>
          <Input placeholder="TRC20" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The editors' last row: whether traders are offered it, and where in the list. */
export function EnabledSortRow() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col span={8}>
        <Form.Item name="enabled" label={t('instruments.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item name="sort" label={t('payments.sort')}>
          <InputNumber min={0} max={10_000} precision={0} />
        </Form.Item>
      </Col>
    </Row>
  );
}
