import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';

/** A route whose capability has not landed yet says so plainly instead of showing a blank screen. */
export default function PendingPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <ErrorBlock status="empty" title={t('common.notAvailable')} description="" />
    </Page>
  );
}
