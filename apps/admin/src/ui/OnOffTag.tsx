import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A switch's state in a table: on in green, off plain. */
export function OnOffTag({ on }: { on: boolean }) {
  const { t } = useTranslation();
  return on ? <Tag color="green">{t('operators.on')}</Tag> : <Tag>{t('operators.off')}</Tag>;
}
