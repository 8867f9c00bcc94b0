import { DownloadOutlined } from '@ant-design/icons';
import type { SentTo } from '@meridian/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Call, download } from '../api';

/** "Export CSV" of a list: the same filters as on screen, every page, as a file. */
export function ExportButton<E extends Call>({ endpoint, filters }: { endpoint: E; filters: SentTo<E> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(endpoint, filters);
    } catch {
      // Shown by download.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
      {t('common.exportCsv')}
    </Button>
  );
}
