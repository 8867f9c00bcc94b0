import { Button, Dialog, List } from 'antd-mobile';
import {
  BankcardOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  ContentOutline,
  EyeInvisibleOutline,
  EyeOutline,
  GlobalOutline,
  LockOutline,
  MailOutline,
  MessageOutline,
  SetOutline,
  SoundOutline,
  UndoOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { fetchUserInfo, resetDemo } from '../../api/account';
import { useAccount } from '../../stores/account';
import { useApp } from '../../stores/app';
import { useUser } from '../../stores/user';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { TapItem } from '../../ui/TapItem';
import { useSupportEntry } from '../content/supportKind';
import { ProviderOptIn } from '../copy/ProviderOptIn';
import { ThemeSetting } from '../settings/ThemeSetting';
import { BalanceChart } from '../statements/BalanceChart';
import { OneTapSetting } from '../trade/OneTapSetting';
import { AccountKindSwitch } from './AccountKindSwitch';
import { showOnlyRealAccount } from './onlyRealAccount';
import { useTraderView } from './useTraderView';

const ENTRIES = [
  { path: '/mine/wallet', label: 'page.wallet', icon: <BankcardOutline />, real: true },
  { path: '/recharge/list', label: 'page.depositRecords', icon: <UnorderedListOutline />, real: true },
  { path: '/mine/auth', label: 'page.auth', icon: <UserContactOutline />, real: true },
  { path: '/mine/invite', label: 'page.invite', icon: <UserAddOutline />, real: true },
  { path: '/mine/password', label: 'page.password', icon: <LockOutline />, real: true },
  { path: '/mine/history', label: 'page.history', icon: <ClockCircleOutline /> },
  { path: '/mine/security', label: 'page.security', icon: <CheckShieldOutline /> },
  { path: '/mine/chat', label: 'page.chat', icon: <MessageOutline /> },
  { path: '/mine/email', label: 'page.email', icon: <MailOutline /> },
  { path: '/mine/announcement', label: 'page.announcement', icon: <SoundOutline /> },
  { path: '/news', label: 'page.news', icon: <ContentOutline /> },
  { path: '/language', label: 'page.language', icon: <GlobalOutline /> },
  { path: '/mine/system', label: 'page.system', icon: <SetOutline /> },
];

/** SPEC.md §2 /user: the account card with balance, deposit and withdraw, and the user centre entries. */
export default function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, setUser } = useUser();
  const { showBalance, toggleBalance } = useApp();
  const demo = user?.is_demo === 1;
  // The balance as traders read it: the margin held for orders is still the trader's.
  const balance = useTraderView()?.balance.toFixed();
  const support = useSupportEntry();

  useEffect(() => {
    fetchUserInfo().then(setUser, () => {});
  }, [setUser]);

  const open = (path: string, real?: boolean) =>
    real && demo ? showOnlyRealAccount(navigate, path) : navigate(path);
  const name = demo ? t('user.mockAccount') : user?.is_real ? user.name : user?.email || user?.mobile;

  const reset = () =>
    Dialog.confirm({
      content: t('user.confirmReset'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        await resetDemo().catch(() => {});
        await useAccount
          .getState()
          .refresh()
          .catch(() => {});
      },
    });

  return (
    <Page>
      <section className="account-card">
        <div className="account-card__who">
          <strong>
            <Link to="/mine/history" className="account-card__link">
              {name}
            </Link>
          </strong>
          <span className="num">UID {user?.uid}</span>
        </div>
        <AccountKindSwitch />
        <div className="account-card__balance">
          <span>{t('user.balance')}</span>
          <button
            type="button"
            className="eye"
            aria-label={t(showBalance ? 'user.hideBalance' : 'user.showBalance')}
            onClick={toggleBalance}
          >
            {showBalance ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        </div>
        <div className="account-card__total">
          {showBalance ? (
            <Money value={balance} className="account-card__amount" />
          ) : (
            <span className="account-card__amount">******</span>
          )}
        </div>
        <div className="account-card__actions">
          <Button color="primary" onClick={() => open('/mine/charge', true)}>
            {t('page.charge')}
          </Button>
          <Button onClick={() => open('/mine/withdraw', true)}>{t('page.withdraw')}</Button>
        </div>
      </section>
      {user && <BalanceChart />}
      <List>
        {demo && (
          <TapItem prefix={<UndoOutline />} onClick={() => void reset()}>
            {t('user.resetMock')}
          </TapItem>
        )}
        {user && !demo && <ProviderOptIn />}
        {user && <OneTapSetting />}
        {ENTRIES.map((entry) => {
          // Support is named for what it is: a chat, or e-mail with its reply time.
          const isSupport = entry.path === '/mine/chat';
          return (
            <TapItem
              key={entry.path}
              prefix={entry.icon}
              description={isSupport ? support.description : undefined}
              onClick={() => open(entry.path, entry.real)}
            >
              {isSupport ? support.label : t(entry.label)}
            </TapItem>
          );
        })}
        <ThemeSetting />
      </List>
    </Page>
  );
}
