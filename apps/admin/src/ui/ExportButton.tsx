import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, type Input } from '../api';

/** "Export CSV" of a list: the same filters as on screen, every page, as a file. */
export function ExportButton({ path, filters = {} }: { path: string; filters?: Input }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(`${path}/export`, filters);
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
