import { Space } from 'antd';
import type { ReactNode } from 'react';

/** A reviewed item's status tag with its note under it (e.g. why it was rejected). */
export function ReviewStatus({ tag, note }: { tag: ReactNode; note: string | null }) {
  return (
    <Space direction="vertical" size={2}>
      {tag}
      {note && <small>{note}</small>}
    </Space>
  );
}
