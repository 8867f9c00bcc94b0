import { Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnabledSortRow, KindCurrencyRow } from './PaymentFields';

const decimal = { pattern: /^\d{1,15}(\.\d{1,8})?$/ };

/** A decimal term of a withdrawal currency, required. */
function RequiredDecimal({ name, label, extra }: { name: string; label: string; extra?: string }) {
  return (
    <Col span={8}>
      <Form.Item name={name} label={label} extra={extra} rules={[{ required: true, ...decimal }]}>
        <Input />
      </Form.Item>
    </Col>
  );
}

/** A withdrawal currency's editor: coin or bank, its fee (fixed or a share), USD price and limits. */
export function WithdrawCurrencyFields() {
  const { t } = useTranslation();
  return (
    <>
      <KindCurrencyRow
        kind="type"
        kinds={[
          { value: 1, label: t('payments.coin') },
          { value: 2, label: t('payments.bank') },
        ]}
        code="code"
        protocol="protocol"
      />
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="fee_type" label={t('payments.feeType')} rules={[{ required: true }]}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 1, label: t('payments.fixed') },
                { value: 2, label: t('payments.share') },
              ]}
            />
          </Form.Item>
        </Col>
        <RequiredDecimal name="draw_rate" label={t('payments.drawRate')} extra={t('payments.drawRateHint')} />
        <RequiredDecimal name="usd_price" label={t('payments.usdPrice')} />
        <RequiredDecimal name="min" label={t('payments.min')} />
        <RequiredDecimal name="max" label={t('payments.max')} extra={t('payments.maxHint')} />
      </Row>
      <EnabledSortRow />
    </>
  );
}
