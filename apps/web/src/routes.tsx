import type { ComponentType } from 'react';
import HomePage, { prefetchHome } from './features/market/HomePage';

type PageModule = { default: ComponentType };

export interface RouteDef {
  path: string;
  /** i18n key of the title bar and document title. */
  title: string;
  page: () => Promise<PageModule>;
  /** Asks for the page's data while the app starts on it, alongside its code and the language. */
  prefetch?: () => void;
  /** Needs a signed-in user; a visitor goes to /login?from={path}. */
  login?: boolean;
  /** Real accounts only: a demo account is told so and stays where it was (SPEC.md §6). */
  real?: boolean;
  /** Shows the bottom tab bar. */
  footer?: boolean;
}

/**
 * SPEC.md §2 as data: every route, its lazily loaded page, and whether it needs login or shows the footer.
 * The home page alone is bundled with the app's start-up code: index.html is the same for every path and `/`
 * is where most visits start, so it comes with the first requests instead of after them (issue 11).
 */
export const ROUTES: RouteDef[] = [
  {
    path: '/',
    title: 'page.home',
    page: async () => ({ default: HomePage }),
    prefetch: prefetchHome,
    footer: true,
  },
  { path: '/trade', title: 'page.trade', page: () => import('./features/trade/TradePage'), footer: true },
  {
    path: '/order',
    title: 'page.order',
    page: () => import('./features/orders/OrdersPage'),
    login: true,
    footer: true,
  },
  {
    path: '/user',
    title: 'page.user',
    page: () => import('./features/account/UserPage'),
    login: true,
    footer: true,
  },
  { path: '/mine', title: 'page.user', page: () => import('./features/account/UserPage'), login: true },
  { path: '/news', title: 'page.news', page: () => import('./features/content/NewsPage'), footer: true },
  { path: '/news/detail', title: 'page.newsDetail', page: () => import('./features/content/NewsDetailPage') },
  { path: '/copy', title: 'page.copy', page: () => import('./features/copy/CopyHubPage'), footer: true },
  {
    path: '/copy/detail',
    title: 'page.copyDetail',
    page: () => import('./features/copy/CopyDetailPage'),
    login: true,
  },
  {
    path: '/notifications',
    title: 'page.notifications',
    page: () => import('./features/notifications/NotificationsPage'),
    login: true,
  },
  { path: '/alerts', title: 'page.alerts', page: () => import('./features/alerts/AlertsPage'), login: true },
  { path: '/rank', title: 'page.rank', page: () => import('./features/rank/RankPage'), footer: true },
  { path: '/rank/provider', title: 'page.provider', page: () => import('./features/copy/ProviderPage') },
  { path: '/feedback', title: 'page.feedback', page: () => import('./features/feedback/FeedbackPage') },
  { path: '/login', title: 'page.login', page: () => import('./features/auth/LoginPage') },
  { path: '/register', title: 'page.register', page: () => import('./features/auth/RegisterPage') },
  { path: '/forgot', title: 'page.forgot', page: () => import('./features/auth/ForgotPage') },
  { path: '/product', title: 'page.product', page: () => import('./features/search/ProductPage') },
  {
    path: '/mine/auth',
    title: 'page.auth',
    page: () => import('./features/kyc/AuthPage'),
    login: true,
    real: true,
  },
  {
    path: '/mine/invite',
    title: 'page.invite',
    page: () => import('./features/invite/InvitePage'),
    login: true,
    real: true,
  },
  {
    path: '/mine/email',
    title: 'page.email',
    page: () => import('./features/content/EmailPage'),
    login: true,
  },
  {
    path: '/mine/announcement',
    title: 'page.announcement',
    page: () => import('./features/content/AnnouncementPage'),
    login: true,
  },
  {
    path: '/mine/password',
    title: 'page.password',
    page: () => import('./features/account/PasswordPage'),
    login: true,
    real: true,
  },
  {
    path: '/mine/security',
    title: 'page.security',
    page: () => import('./features/account/SecurityPage'),
    login: true,
  },
  {
    path: '/mine/history',
    title: 'page.history',
    page: () => import('./features/account/HistoryPage'),
    login: true,
  },
  {
    path: '/recharge/list',
    title: 'page.depositRecords',
    page: () => import('./features/statements/DepositRecordsPage'),
    login: true,
    real: true,
  },
  {
    path: '/mine/charge',
    title: 'page.charge',
    page: () => import('./features/funding/ChargePage'),
    login: true,
    real: true,
  },
  {
    path: '/mine/withdraw',
    title: 'page.withdraw',
    page: () => import('./features/funding/WithdrawPage'),
    login: true,
    real: true,
  },
  { path: '/mine/chat', title: 'page.chat', page: () => import('./features/content/ChatPage'), login: true },
  {
    path: '/mine/system',
    title: 'page.system',
    page: () => import('./features/account/SystemPage'),
    login: true,
  },
  {
    path: '/mine/wallet',
    title: 'page.wallet',
    page: () => import('./features/funding/WalletPage'),
    login: true,
    real: true,
  },
  {
    path: '/mine/bank-card-list',
    title: 'page.bankCards',
    page: () => import('./features/funding/BankCardListPage'),
    login: true,
    real: true,
  },
  {
    path: '/mine/coin-address-list',
    title: 'page.coinAddresses',
    page: () => import('./features/funding/CoinAddressListPage'),
    login: true,
    real: true,
  },
  {
    path: '/mine/withdraw-way',
    title: 'page.withdrawWay',
    page: () => import('./features/funding/WithdrawWayPage'),
    login: true,
    real: true,
  },
  { path: '/language', title: 'page.language', page: () => import('./features/settings/LanguagePage') },
];
