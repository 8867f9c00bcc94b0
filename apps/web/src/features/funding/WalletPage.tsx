import { List } from 'antd-mobile';
import {
  BankcardOutline,
  ClockCircleOutline,
  DownlandOutline,
  LinkOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type AccountDetail, fetchAccountDetail } from '../../api/funding';
import { Money } from '../../ui/Money';
import { Page } from '../../ui/Page';
import { TapItem } from '../../ui/TapItem';

const ENTRIES = [
  { path: '/mine/charge', label: 'page.charge', icon: <DownlandOutline /> },
  { path: '/mine/withdraw', label: 'page.withdraw', icon: <UploadOutline /> },
  { path: '/mine/coin-address-list', label: 'page.coinAddresses', icon: <LinkOutline /> },
  { path: '/mine/bank-card-list', label: 'page.bankCards', icon: <BankcardOutline /> },
  { path: '/mine/history', label: 'page.history', icon: <ClockCircleOutline /> },
];

/** SPEC.md §2 /mine/wallet: balance and lock balance, and the ways in and out. */
export default function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<AccountDetail>();

  useEffect(() => {
    fetchAccountDetail().then(setDetail, () => {});
  }, []);

  return (
    <Page>
      <section className="wallet-card">
        <div>
          <span>{t('funding.balance')}</span>
          <strong>
            <Money value={detail?.balance} className="wallet-card__balance" />
          </strong>
        </div>
        <div>
          <span>{t('funding.lockBalance')}</span>
          <strong>
            <Money value={detail?.lock_balance} className="wallet-card__lock" />
          </strong>
        </div>
      </section>
      <List>
        {ENTRIES.map((entry) => (
          <TapItem key={entry.path} prefix={entry.icon} onClick={() => navigate(entry.path)}>
            {t(entry.label)}
          </TapItem>
        ))}
      </List>
    </Page>
  );
}
