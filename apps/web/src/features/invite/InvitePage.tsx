import type { InviteInfo } from '@meridian/contract';
import { Button } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchInviteInfo } from '../../api/content';
import { useUser } from '../../stores/user';
import { copyText } from '../../ui/copy';
import { Page } from '../../ui/Page';

/** SPEC.md §9: the invite link is the origin plus the hash form of the register route. */
export const inviteLink = (code: string) =>
  `${window.location.origin}/#/register?invite_code=${encodeURIComponent(code)}`;

/** SPEC.md §2 /mine/invite: the invite code and link with a QR code (level H, 160 px), and the friends who joined. */
export default function InvitePage() {
  const { t } = useTranslation();
  const storedCode = useUser((s) => s.user?.invite_code ?? '');
  const [info, setInfo] = useState<InviteInfo | null>(null);
  useEffect(() => {
    fetchInviteInfo().then(setInfo, () => {});
  }, []);

  const code = info?.invite_code ?? storedCode;
  const link = code ? inviteLink(code) : '';
  return (
    <Page>
      <section className="invite-card">
        <p className="invite-card__lead">{t('invite.lead')}</p>
        {link && (
          <div className="invite-card__qr">
            <QRCodeSVG value={link} level="H" size={160} aria-label={t('invite.qr')} role="img" />
          </div>
        )}
        <dl className="invite-card__fields">
          <dt>{t('invite.code')}</dt>
          <dd>
            <span className="num invite-card__code">{code}</span>
            <Button
              size="small"
              color="primary"
              fill="outline"
              disabled={!code}
              onClick={() => void copyText(code)}
            >
              {t('content.copy')}
            </Button>
          </dd>
          <dt>{t('invite.link')}</dt>
          <dd>
            <span className="invite-card__link">{link}</span>
            <Button
              size="small"
              color="primary"
              fill="outline"
              disabled={!link}
              onClick={() => void copyText(link)}
            >
              {t('content.copy')}
            </Button>
          </dd>
          <dt>{t('invite.invited')}</dt>
          <dd className="num">{info?.invited ?? '–'}</dd>
        </dl>
      </section>
    </Page>
  );
}
