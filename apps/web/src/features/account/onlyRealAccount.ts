import type { NavigateFunction } from 'react-router-dom';
import { i18n } from '../../i18n';
import { useUser } from '../../stores/user';
import { switchToReal } from './switchAccount';

type Choice = 'switch' | 'open' | 'signIn' | 'cancel';

/**
 * Offers a demo trader the way on to a real account, never a dead end: back to the real account this device
 * was using, else open one or sign in to one; then on to `path` (the real-only screen asked for), if any.
 */
export async function offerRealAccount(navigate: NavigateFunction, message: string, path?: string) {
  const { Dialog } = await import('../../ui/noticeKit');
  const t = i18n.t;
  const hasReal = useUser.getState().realSession !== null;
  const choices: { key: Choice; text: string; bold?: boolean }[] = hasReal
    ? [{ key: 'switch', text: t('account.switchToReal'), bold: true }]
    : [
        { key: 'open', text: t('account.openReal'), bold: true },
        { key: 'signIn', text: t('account.signInReal') },
      ];
  Dialog.show({
    content: message,
    closeOnAction: true,
    actions: [...choices, { key: 'cancel', text: t('common.cancel') }],
    onAction: ({ key }) => {
      const from = path ? `?from=${encodeURIComponent(path)}` : '';
      if (key === 'switch' && switchToReal() && path) navigate(path);
      if (key === 'open') navigate('/register');
      if (key === 'signIn') navigate(`/login${from}`);
    },
  });
}

/** SPEC.md §6: a demo account asking for a real-only feature (`path`) is told so, and offered a real account. */
export function showOnlyRealAccount(navigate: NavigateFunction, path: string): void {
  void offerRealAccount(navigate, i18n.t('msg.onlyTrueAccount'), path);
}
