import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { EmailCard } from './EmailCard';

/** SPEC.md §2 /mine/email: the company's complaint address, to write to or copy. */
export default function EmailPage() {
  const { t } = useTranslation();
  return (
    <Page>
      <EmailCard intro={t('content.emailIntro')} />
    </Page>
  );
}
