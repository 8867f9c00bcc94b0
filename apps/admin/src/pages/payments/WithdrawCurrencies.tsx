import type { WithdrawCurrencyRow as Currency } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { amountColumn } from '../../ui/amountColumn';
import { Amount } from '../../ui/format';
import { OnOffTag } from '../../ui/OnOffTag';
import { editColumn, RowEditorModal, useRowEditor } from '../../ui/RowEditor';
import { currencyText } from './currencyText';
import { useList } from './useList';
import { WithdrawCurrencyFields } from './WithdrawCurrencyFields';

/** A new currency's defaults: no rate is assumed, the operator enters the payout currency's own. */
const NEW_CURRENCY: Partial<Currency> = {
  type: 1,
  fee_type: 1,
  draw_rate: '0',
  usd_price: '',
  min: '0',
  max: '0',
  enabled: true,
  sort: 0,
};

/** What traders may withdraw to, with its fee, USD price and limits, each editable. */
export function WithdrawCurrencies() {
  const { t } = useTranslation();
  const { rows, load } = useList(adminEndpoints.withdrawCurrencies);
  const editor = useRowEditor<Currency>(adminEndpoints.saveWithdrawCurrency, load);
  const { open } = editor;

  return (
    <Card
      title={t('payments.currencies')}
      extra={
        <Button type="primary" onClick={() => open(NEW_CURRENCY)}>
          {t('payments.newCurrency')}
        </Button>
      }
    >
      <Table<Currency>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('payments.kind'),
            dataIndex: 'type',
            render: (type: number) => t(type === 1 ? 'payments.coin' : 'payments.bank'),
          },
          { title: t('queue.currency'), render: (_, c) => currencyText(c.code, c.protocol) },
          {
            title: t('queue.fee'),
            render: (_, c) =>
              c.fee_type === 1 ? (
                <Amount value={c.draw_rate} />
              ) : (
                <span className="num">× {c.draw_rate}</span>
              ),
          },
          amountColumn(t('payments.usdPrice'), 'usd_price'),
          {
            title: t('payments.limits'),
            render: (_, c) => <span className="num">{`${c.min} – ${c.max === '0' ? '∞' : c.max}`}</span>,
          },
          {
            title: t('instruments.enabled'),
            dataIndex: 'enabled',
            render: (on: boolean) => <OnOffTag on={on} />,
          },
          { title: t('payments.sort'), dataIndex: 'sort', align: 'right' },
          editColumn(editor, t('common.edit')),
        ]}
      />
      <RowEditorModal
        editor={editor}
        width={720}
        title={editor.editing?.id ? t('payments.editCurrency') : t('payments.newCurrency')}
      >
        <WithdrawCurrencyFields />
      </RowEditorModal>
    </Card>
  );
}
