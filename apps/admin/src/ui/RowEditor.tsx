import type { SentTo } from '@meridian/contract';
import { Button, Form, type FormInstance, Modal, type TableColumnType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { act, type Call, type Input } from '../api';

export interface RowEditor<T> {
  form: FormInstance;
  /** The row being edited (`{}` or defaults for a new one), or null when the modal is shut. */
  editing: Partial<T> | null;
  open(row: Partial<T>): void;
  close(): void;
  save(values: Record<string, unknown>): Promise<void>;
}

/**
 * The part every table-and-modal editor of the back office shares: which row is open, its form, and the save
 * that posts it to `endpoint` with the row's id (`input` shapes the values first where the call wants more),
 * shuts the modal and reloads the table. A form's values are what the operator typed: the server checks them.
 */
export function useRowEditor<T extends { id?: number }>(
  endpoint: Call,
  reload: () => Promise<unknown>,
  input: (values: Record<string, unknown>, row: Partial<T>) => Input = (values, row) => ({
    ...values,
    id: row.id,
  }),
): RowEditor<T> {
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<Partial<T> | null>(null);
  return {
    form,
    editing,
    open(row) {
      setEditing(row);
      form.resetFields();
      form.setFieldsValue(row);
    },
    close: () => setEditing(null),
    async save(values) {
      await act(endpoint, input(values, editing ?? {}) as SentTo<Call>);
      setEditing(null);
      await reload();
    },
  };
}

/** The editor's modal: its form saves on OK. */
export function RowEditorModal<T>({
  editor,
  title,
  width,
  children,
}: {
  editor: RowEditor<T>;
  title: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={editor.editing !== null}
      width={width}
      title={title}
      onCancel={editor.close}
      onOk={() => editor.form.submit()}
      okText={t('common.save')}
      forceRender
    >
      <Form form={editor.form} layout="vertical" onFinish={editor.save}>
        {children}
      </Form>
    </Modal>
  );
}

/** The table column whose button opens its row in the editor. */
export function editColumn<T extends { id?: number }>(
  editor: RowEditor<T>,
  label: string,
): TableColumnType<T> {
  return {
    title: '',
    render: (_, row) => (
      <Button size="small" onClick={() => editor.open(row)}>
        {label}
      </Button>
    ),
  };
}
