import { Button, Dialog, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../stores/app';
import { useBasicInfo } from '../../stores/basicInfo';
import { copyText } from '../../ui/copy';
import { Page } from '../../ui/Page';
import { PageLoading } from '../../ui/PageLoading';
import { EmailCard } from './EmailCard';
import { isEmailSupport } from './supportKind';

/** service_link_type 2: the link is shown to copy instead of being embedded (SPEC.md §4). */
const LINK_TO_COPY = 2;

/** The support link as an absolute address in the interface language (the built-in page reads ?lang). */
function supportUrl(link: string, lang: string): string {
  const url = new URL(link, window.location.origin);
  if (url.origin === window.location.origin) url.searchParams.set('lang', lang);
  return url.href;
}

/** SPEC.md §2 /mine/chat: the support chat in a frame, or its link in a copy dialog. */
export default function ChatPage() {
  const { t } = useTranslation();
  const lang = useApp((s) => s.lang);
  const { info, load } = useBasicInfo();
  useEffect(() => {
    load().catch(() => {});
  }, [load]);

  const link = info?.service_link ? supportUrl(info.service_link, lang) : '';
  const copyOnly = info?.service_link_type === LINK_TO_COPY && !isEmailSupport(info);
  const showLink = () =>
    Dialog.show({
      title: t('page.chat'),
      content: <p className="link-dialog__url">{link}</p>,
      closeOnAction: true,
      actions: [
        [
          { key: 'cancel', text: t('common.cancel') },
          { key: 'copy', text: t('content.copy'), bold: true, onClick: () => copyText(link) },
        ],
      ],
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: shown once, when the link is known
  useEffect(() => {
    if (copyOnly && link) showLink();
  }, [copyOnly, link]);

  if (!info) return <PageLoading />;
  // No chat service set: support is e-mail, and says so, with the address and when to expect a reply.
  if (isEmailSupport(info))
    return (
      <Page title={t('support.emailTitle')}>
        <EmailCard intro={`${t('support.emailIntro')} ${t('support.replyTime')}`} />
      </Page>
    );
  return (
    <Page>
      {!link ? (
        <ErrorBlock status="empty" title={t('content.noSupport')} description="" />
      ) : copyOnly ? (
        <div className="content-card">
          <p className="link-dialog__url">{link}</p>
          <Button color="primary" onClick={() => void showLink()}>
            {t('content.showLink')}
          </Button>
        </div>
      ) : (
        <iframe className="chat-frame" src={link} title={t('page.chat')} />
      )}
    </Page>
  );
}
