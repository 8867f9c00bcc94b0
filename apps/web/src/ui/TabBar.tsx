// Per-module imports: this is on the first screen's path (see main.tsx).
import MobileTabBar from 'antd-mobile/es/components/tab-bar';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

/** SPEC.md §2 footer: Market, Trading, Orders, Documentary (copy trading), Ranking. */
const TABS = [
  { key: '/', label: 'tab.market', icon: <UnorderedListOutline /> },
  { key: '/trade', label: 'tab.trade', icon: <HistogramOutline /> },
  { key: '/order', label: 'tab.order', icon: <FileOutline /> },
  { key: '/copy', label: 'tab.documentary', icon: <TeamOutline /> },
  { key: '/rank', label: 'tab.rank', icon: <StarOutline /> },
];

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="tab-bar" aria-label={t('tab.label')}>
      <MobileTabBar activeKey={pathname} onChange={(key) => navigate(key)} safeArea>
        {TABS.map((tab) => (
          <MobileTabBar.Item key={tab.key} icon={tab.icon} title={t(tab.label)} />
        ))}
      </MobileTabBar>
    </nav>
  );
}
