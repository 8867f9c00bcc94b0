import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A screen's heading with its actions on the right. */
export function PageTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
