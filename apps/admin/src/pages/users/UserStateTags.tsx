import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whether the trader may sign in: active in green, disabled in red. */
export function ActiveTag({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return disabled ? (
    <Tag color="red">{t('users.disabled')}</Tag>
  ) : (
    <Tag color="green">{t('users.active')}</Tag>
  );
}

/** A demo account's mark. */
export function DemoTag() {
  const { t } = useTranslation();
  return <Tag>{t('users.demo')}</Tag>;
}
