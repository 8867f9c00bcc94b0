import { adminEndpoints } from '@meridian/contract';
import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../ui/ExportButton';

/** The users list's search (e-mail, mobile or UID) and the export of what it finds. */
export function UserFilters({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Input.Search
        allowClear
        placeholder={t('users.search')}
        onSearch={onSearch}
        style={{ width: 360 }}
        enterButton
      />
      <ExportButton endpoint={adminEndpoints.usersExport} filters={{ q }} />
    </Space>
  );
}
