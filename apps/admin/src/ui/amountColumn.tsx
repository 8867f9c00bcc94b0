import type { TableColumnType } from 'antd';
import { Amount } from './format';

/** A money column: the decimal text right-aligned, coloured by direction when `signed`. */
export function amountColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  signed = false,
): TableColumnType<T> {
  return { title, dataIndex, align: 'right', render: (v) => <Amount value={v} signed={signed} /> };
}
