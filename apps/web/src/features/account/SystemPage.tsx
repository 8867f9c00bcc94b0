import { Button, Dialog, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../api/account';
import { useUser } from '../../stores/user';
import { Page } from '../../ui/Page';
import { TapItem } from '../../ui/TapItem';
import { useSignOutAndLeave } from './signOutAndLeave';

/** SPEC.md §2 /mine/system: other settings and signing out (with a confirmation). */
export default function SystemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOutAndLeave = useSignOutAndLeave();

  const confirmLogout = () =>
    Dialog.confirm({
      content: t('user.confirmLogout'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        // The real account kept behind a demo one is signed out too: this device forgets it.
        const kept = useUser.getState().realSession;
        await logout().catch(() => {});
        if (kept) await logout(kept.token).catch(() => {});
        await signOutAndLeave('/');
        Toast.show({ content: t('msg.logoutSuccess') });
      },
    });

  return (
    <Page>
      <List>
        <TapItem onClick={() => navigate('/language')}>{t('page.language')}</TapItem>
      </List>
      <div className="padded">
        <Button block color="danger" onClick={() => void confirmLogout()}>
          {t('user.logout')}
        </Button>
      </div>
    </Page>
  );
}
