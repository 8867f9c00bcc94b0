import { Button } from 'antd-mobile';
import { MailOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchComplaintEmail } from '../../api/content';
import { copyText } from '../../ui/copy';
import { Page } from '../../ui/Page';

/** SPEC.md §2 /mine/email: the company's complaint address, to write to or copy. */
export default function EmailPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  useEffect(() => {
    fetchComplaintEmail().then(
      (r) => setEmail(r.email),
      () => {},
    );
  }, []);

  return (
    <Page>
      <section className="content-card">
        <MailOutline className="content-card__icon" />
        <p className="content-card__text">{t('content.emailIntro')}</p>
        <a className="content-card__value" href={email ? `mailto:${email}` : undefined}>
          {email}
        </a>
        <div className="content-card__actions">
          <Button color="primary" disabled={!email} onClick={() => void copyText(email)}>
            {t('content.copy')}
          </Button>
          <Button
            disabled={!email}
            onClick={() => {
              window.location.href = `mailto:${email}`;
            }}
          >
            {t('content.writeEmail')}
          </Button>
        </div>
      </section>
    </Page>
  );
}
