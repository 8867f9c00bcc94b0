import { Button } from 'antd-mobile';
import { MailOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchComplaintEmail } from '../../api/content';
import { copyText } from '../../ui/copy';

/** The company's e-mail address under `intro`, to write to or copy. */
export function EmailCard({ intro }: { intro: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  useEffect(() => {
    fetchComplaintEmail().then(
      (r) => setEmail(r.email),
      () => {},
    );
  }, []);

  return (
    <section className="content-card">
      <MailOutline className="content-card__icon" />
      <p className="content-card__text">{intro}</p>
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
  );
}
