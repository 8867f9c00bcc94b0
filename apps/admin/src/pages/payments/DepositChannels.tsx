import type { DepositChannel as Channel } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Button, Card, Form, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OnOffTag } from '../../ui/OnOffTag';
import { editColumn, RowEditorModal, useRowEditor } from '../../ui/RowEditor';
import { currencyText } from './currencyText';
import { DepositChannelFields } from './DepositChannelFields';
import { useList } from './useList';

/** Where traders send deposits (a coin address or a bank account), each editable; a demo seed's one is marked. */
export function DepositChannels() {
  const { t } = useTranslation();
  const { rows, load } = useList(adminEndpoints.depositChannels);
  const editor = useRowEditor<Channel>(adminEndpoints.saveDepositChannel, load);
  const { open } = editor;
  const kind = Form.useWatch('kind', editor.form);

  return (
    <Card
      title={t('payments.channels')}
      style={{ marginBottom: 16 }}
      extra={
        <Button type="primary" onClick={() => open({ kind: 'coin', enabled: true, sort: 0 })}>
          {t('payments.newChannel')}
        </Button>
      }
    >
      <Table<Channel>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('payments.kind'), dataIndex: 'kind', render: (k: string) => t(`payments.${k}`) },
          { title: t('queue.currency'), render: (_, c) => currencyText(c.currency_code, c.protocol_code) },
          {
            title: t('queue.destination'),
            render: (_, c) =>
              c.kind === 'coin' ? (
                <code>{c.address}</code>
              ) : (
                <span>
                  {c.bank_name}
                  <br />
                  {c.account_name} · {c.account_number}
                </span>
              ),
          },
          {
            title: t('instruments.enabled'),
            render: (_, c) => (
              <>
                <OnOffTag on={c.enabled} />
                {c.demo && (
                  <Tag color="orange" title={t('payments.demoHint')}>
                    {t('payments.demo')}
                  </Tag>
                )}
              </>
            ),
          },
          { title: t('payments.sort'), dataIndex: 'sort', align: 'right' },
          editColumn(editor, t('common.edit')),
        ]}
      />
      <RowEditorModal
        editor={editor}
        width={720}
        title={editor.editing?.id ? t('payments.editChannel') : t('payments.newChannel')}
      >
        <DepositChannelFields wire={kind === 'wire'} />
      </RowEditorModal>
    </Card>
  );
}
