import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A provider's name with the demo tag when they trade a demo account. */
export function ProviderName({ name, demo }: { name: string; demo: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <strong>
        <bdi>{name}</bdi>
      </strong>
      {demo && (
        <Tag color="warning" fill="outline">
          {t('user.mockAccount')}
        </Tag>
      )}
    </>
  );
}
