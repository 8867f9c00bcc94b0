import type { OutboxMessage } from '@meridian/contract';
import { adminEndpoints } from '@meridian/contract';
import { Input, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { when } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { usePaged } from '../ui/usePaged';

export function Outbox() {
  const { t } = useTranslation();
  const [recipient, setRecipient] = useState('');
  const list = usePaged(adminEndpoints.outbox, { recipient });
  return (
    <>
      <PageTitle
        title={t('nav.outbox')}
        extra={
          <Input.Search
            allowClear
            placeholder={t('outbox.recipient')}
            onSearch={setRecipient}
            style={{ width: 320 }}
          />
        }
      />
      <Table<OutboxMessage>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        pagination={list.pagination}
        expandable={{ expandedRowRender: (m) => <pre className="json">{m.body}</pre> }}
        columns={[
          { title: t('common.time'), dataIndex: 'createdAt', render: when, width: 180 },
          {
            title: t('outbox.channel'),
            dataIndex: 'channel',
            render: (c: string) => <Tag>{c}</Tag>,
            width: 100,
          },
          { title: t('outbox.recipient'), dataIndex: 'recipient' },
          { title: t('outbox.subject'), dataIndex: 'subject' },
        ]}
      />
    </>
  );
}
