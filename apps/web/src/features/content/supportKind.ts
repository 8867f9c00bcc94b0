import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type BasicInfo, useBasicInfo } from '../../stores/basicInfo';

/** The server's own support page (the seeded service_link): an e-mail address, not a chat. */
const BUILT_IN_SUPPORT = '/support';

/** True when no chat service is set: support is then e-mail, and is named so rather than "online". */
export function isEmailSupport(info: BasicInfo | null): boolean {
  if (!info?.service_link) return false;
  const url = new URL(info.service_link, window.location.origin);
  return url.origin === window.location.origin && url.pathname === BUILT_IN_SUPPORT;
}

/** The support entry of the user centre, named for what it is, with the reply time when it is e-mail. */
export function useSupportEntry(): { label: string; description?: string } {
  const { t } = useTranslation();
  const { info, load } = useBasicInfo();
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  return isEmailSupport(info)
    ? { label: t('support.emailTitle'), description: t('support.replyTime') }
    : { label: t('page.chat') };
}
