import {
  type AdminArticle,
  type AdminCompany,
  adminEndpoints,
  LANGUAGES,
  type Language,
  type Page,
  type Received,
  type SentTo,
} from '@meridian/contract';
import { Button, Form, Input, Popconfirm, Select, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act, type Call, call } from '../api';
import { when } from '../ui/format';
import { PageTitle } from '../ui/PageTitle';
import { RowEditorModal, useRowEditor } from '../ui/RowEditor';

/** One language's text of an article. */
type Text = NonNullable<AdminArticle['translations'][Language]>;

/** The row of a listing's page. */
type RowOf<E extends Call> = Received<E> extends Page<infer R> ? R : never;

function useListing<E extends Call & { method: 'GET' }>(endpoint: E, input: Omit<SentTo<E>, 'page'>) {
  const [page, setPage] = useState(1);
  const [listing, setListing] = useState<Page<RowOf<E>>>({ data: [], total: 0 });
  const key = JSON.stringify(input);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the input's contents
  const load = useCallback(
    // The page joins the list's own filters (a spread TypeScript cannot check generically).
    async () => setListing((await call(endpoint, { ...input, page } as SentTo<E>)) as Page<RowOf<E>>),
    [endpoint, page, key],
  );
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  return {
    ...listing,
    reload: load,
    pagination: { current: page, total: listing.total, onChange: setPage, showSizeChanger: false },
  };
}

export function Content() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('nav.content')} />
      <Tabs
        items={[
          { key: 'news', label: t('content.news'), children: <News /> },
          { key: 'companies', label: t('content.companies'), children: <Companies /> },
        ]}
      />
    </>
  );
}

/** Languages left without a title are not saved: readers of those languages see English. */
const titled = (translations: Record<string, Partial<Text>> = {}) =>
  Object.fromEntries(
    Object.entries(translations)
      .filter(([, text]) => text?.title?.trim())
      .map(([lang, text]) => [
        lang,
        { title: text.title, desc: text.desc ?? '', content: text.content ?? '' },
      ]),
  );

function News() {
  const { t } = useTranslation();
  const list = useListing(adminEndpoints.news, {});
  const editor = useRowEditor<AdminArticle>(adminEndpoints.saveNews, list.reload, (values, row) => ({
    ...values,
    id: row.id,
    translations: titled(values.translations as Record<string, Partial<Text>> | undefined),
  }));
  const open = (article: Partial<AdminArticle>) => editor.open({ category_id: 1, logo: '', ...article });

  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open({})}>
        {t('content.newArticle')}
      </Button>
      <Table<AdminArticle>
        rowKey="id"
        dataSource={list.data}
        pagination={list.pagination}
        columns={[
          { title: t('content.title'), render: (_, a) => a.translations.en?.title },
          {
            title: t('content.category'),
            dataIndex: 'category_id',
            render: (c: number) => <Tag>{c === 2 ? t('content.announcement') : t('content.news')}</Tag>,
          },
          { title: t('content.languages'), render: (_, a) => Object.keys(a.translations).length },
          { title: t('common.created'), dataIndex: 'created_at', render: when },
          {
            title: '',
            render: (_, a) => (
              <Space>
                <Button size="small" onClick={() => open(a)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm')}
                  onConfirm={async () => {
                    await act(adminEndpoints.deleteNews, { id: a.id });
                    await list.reload();
                  }}
                >
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RowEditorModal
        editor={editor}
        width={900}
        title={editor.editing?.id ? t('common.edit') : t('content.newArticle')}
      >
        <Space size="large">
          <Form.Item name="category_id" label={t('content.category')}>
            <Select
              style={{ width: 200 }}
              options={[
                { value: 1, label: t('content.news') },
                { value: 2, label: t('content.announcement') },
              ]}
            />
          </Form.Item>
          <Form.Item name="logo" label={t('content.logo')}>
            <Input style={{ width: 420 }} />
          </Form.Item>
        </Space>
        <Tabs
          size="small"
          items={LANGUAGES.map((lang) => ({
            key: lang,
            label: t(`languages.${lang}`),
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name={['translations', lang, 'title']}
                  label={t('content.title')}
                  rules={lang === 'en' ? [{ required: true }] : []}
                >
                  <Input maxLength={200} />
                </Form.Item>
                <Form.Item name={['translations', lang, 'desc']} label={t('content.desc')}>
                  <Input.TextArea rows={2} maxLength={1000} />
                </Form.Item>
                <Form.Item
                  name={['translations', lang, 'content']}
                  label={t('content.body')}
                  extra={t('content.bodyHint')}
                >
                  <Input.TextArea rows={8} />
                </Form.Item>
              </>
            ),
          }))}
        />
      </RowEditorModal>
    </>
  );
}

const COMPANY_FIELDS = ['name', 'subject', 'logo', 'url', 'registered_address', 'location', 'email'] as const;

function Companies() {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const list = useListing(adminEndpoints.companies, { name });
  const editor = useRowEditor<AdminCompany>(adminEndpoints.saveCompany, list.reload);
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => editor.open({})}>
          {t('content.newCompany')}
        </Button>
        <Input.Search allowClear placeholder={t('content.company.name')} onSearch={setName} />
      </Space>
      <Table<AdminCompany>
        rowKey="id"
        dataSource={list.data}
        pagination={list.pagination}
        columns={[
          { title: t('content.company.name'), dataIndex: 'name' },
          { title: t('content.company.subject'), dataIndex: 'subject' },
          { title: t('content.company.location'), dataIndex: 'location' },
          { title: t('content.company.email'), dataIndex: 'email' },
          {
            title: '',
            render: (_, c) => (
              <Space>
                <Button size="small" onClick={() => editor.open(c)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm')}
                  onConfirm={async () => {
                    await act(adminEndpoints.deleteCompany, { id: c.id });
                    await list.reload();
                  }}
                >
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <RowEditorModal editor={editor} title={editor.editing?.id ? t('common.edit') : t('content.newCompany')}>
        {COMPANY_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`content.company.${field}`)}
            rules={field === 'name' ? [{ required: true }] : field === 'email' ? [{ type: 'email' }] : []}
          >
            <Input />
          </Form.Item>
        ))}
      </RowEditorModal>
    </>
  );
}
