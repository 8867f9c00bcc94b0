import type { SettingName } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Card, Form, Input, Radio, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act, call } from '../api';
import { PageTitle } from '../ui/PageTitle';

/** Yes/no settings are stored as '1'/'0' and edited as switches. */
const SWITCHES: readonly SettingName[] = ['negative_balance_protection', 'company_mode'];
/** Addresses traders are sent to: https only (the server checks the same), or empty for none. */
const httpsOrEmpty = /^(https:\/\/\S+)?$/;

export function Settings() {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call(adminEndpoints.settings).then(
      (v) =>
        form.setFieldsValue({
          ...v,
          ...Object.fromEntries(SWITCHES.map((k) => [k, v[k] === '1'])),
        }),
      () => {},
    );
  }, [form]);

  async function save(values: Record<string, string | boolean>) {
    setBusy(true);
    try {
      const saved = await act(adminEndpoints.saveSettings, {
        ...values,
        ...Object.fromEntries(SWITCHES.map((k) => [k, values[k] ? '1' : '0'])),
      });
      form.setFieldsValue({ ...saved, ...Object.fromEntries(SWITCHES.map((k) => [k, saved[k] === '1'])) });
    } finally {
      setBusy(false);
    }
  }

  const choice = (name: string, options: [string, string][]) => (
    <Form.Item name={name} label={t(`settings.${name}`)}>
      <Radio.Group
        optionType="button"
        options={options.map(([value, label]) => ({ value, label: t(label) }))}
      />
    </Form.Item>
  );

  return (
    <>
      <PageTitle title={t('nav.settings')} />
      <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 720 }}>
        <Card title={t('settings.registration')} style={{ marginBottom: 16 }}>
          {choice('verify_reg_type', [
            ['1', 'settings.byCode'],
            ['2', 'settings.byCaptcha'],
          ])}
          {choice('is_show_mobile', [
            ['1', 'settings.mobileOne'],
            ['3', 'settings.mobileThree'],
          ])}
        </Card>
        <Card title={t('settings.support')} style={{ marginBottom: 16 }}>
          <Form.Item name="service_link" label={t('settings.service_link')}>
            <Input />
          </Form.Item>
          {choice('service_link_type', [
            ['1', 'settings.openChat'],
            ['2', 'settings.copyLink'],
          ])}
          <Form.Item name="complaint_email" label={t('settings.complaint_email')} rules={[{ type: 'email' }]}>
            <Input />
          </Form.Item>
        </Card>
        <Card title={t('settings.trading')} style={{ marginBottom: 16 }}>
          {choice('trade_fee_type', [
            ['1', 'settings.feePerLot'],
            ['2', 'settings.feeOfMargin'],
          ])}
          <Form.Item
            name="margin_call_level"
            label={t('settings.margin_call_level')}
            rules={[{ required: true, pattern: /^\d{1,4}(\.\d{1,2})?$/ }]}
          >
            <Input suffix="%" />
          </Form.Item>
          <Form.Item
            name="stop_out_level"
            label={t('settings.stop_out_level')}
            rules={[{ required: true, pattern: /^\d{1,4}(\.\d{1,2})?$/ }]}
          >
            <Input suffix="%" />
          </Form.Item>
          <Form.Item
            name="negative_balance_protection"
            label={t('settings.negative_balance_protection')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="demo_initial_balance"
            label={t('settings.demo_initial_balance')}
            extra={t('settings.demoHint')}
            rules={[{ pattern: /^\d{1,12}(\.\d{1,2})?$/ }]}
          >
            <Input prefix="$" />
          </Form.Item>
        </Card>
        <Card title={t('settings.company')} style={{ marginBottom: 16 }}>
          <Form.Item name="company_mode" label={t('settings.company_mode')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="restricted_countries"
            label={t('settings.restricted_countries')}
            extra={t('settings.countriesHint')}
            rules={[{ pattern: /^([A-Za-z]{2}(,[A-Za-z]{2})*)?$/ }]}
          >
            <Input placeholder="US,KP,IR,SY" />
          </Form.Item>
          <Form.Item
            name="company_status"
            label={t('settings.company_status')}
            extra={t('settings.statusHint')}
            rules={[{ required: true, pattern: /^\d{1,3}$/ }]}
          >
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="company_loss_url"
            label={t('settings.company_loss_url')}
            rules={[{ pattern: httpsOrEmpty, message: t('settings.httpsOnly') }]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        </Card>
        <Card title={t('settings.deposits')} style={{ marginBottom: 16 }}>
          <Form.Item
            name="payment_page_url"
            label={t('settings.payment_page_url')}
            extra={t('settings.payPageHint')}
            rules={[{ pattern: httpsOrEmpty, message: t('settings.httpsOnly') }]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        </Card>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.save')}
        </Button>
      </Form>
    </>
  );
}
