import {
  AlertOutlined,
  AuditOutlined,
  BankOutlined,
  CheckCircleOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  FundOutlined,
  IdcardOutlined,
  MailOutlined,
  SettingOutlined,
  SlidersOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { type ComponentType, lazy, type ReactNode } from 'react';
import type { Role } from './session';

export interface AdminPage {
  path: string;
  /** i18n key of the menu entry and page title. */
  title: string;
  icon: ReactNode;
  /** Roles that may open it; admin may open everything, empty means every operator. */
  roles: readonly Role[];
  page: ComponentType;
}

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

/** The back office's screens as data: menu, titles, permissions and lazily loaded pages. */
export const PAGES: AdminPage[] = [
  {
    path: '/',
    title: 'nav.dashboard',
    icon: <DashboardOutlined />,
    roles: [],
    page: named(() => import('./pages/Dashboard'), 'Dashboard'),
  },
  {
    path: '/deposits',
    title: 'nav.deposits',
    icon: <WalletOutlined />,
    roles: ['finance'],
    page: named(() => import('./pages/Queues'), 'Deposits'),
  },
  {
    path: '/withdrawals',
    title: 'nav.withdrawals',
    icon: <BankOutlined />,
    roles: ['finance'],
    page: named(() => import('./pages/Queues'), 'Withdrawals'),
  },
  {
    path: '/verifications',
    title: 'nav.verifications',
    icon: <IdcardOutlined />,
    roles: ['support'],
    page: named(() => import('./pages/Queues'), 'Verifications'),
  },
  {
    path: '/payments',
    title: 'nav.payments',
    icon: <CreditCardOutlined />,
    roles: ['finance'],
    page: named(() => import('./pages/Payments'), 'Payments'),
  },
  {
    path: '/approvals',
    title: 'nav.approvals',
    icon: <FileDoneOutlined />,
    roles: ['finance'],
    page: named(() => import('./pages/Approvals'), 'Approvals'),
  },
  {
    path: '/users',
    title: 'nav.users',
    icon: <UserOutlined />,
    roles: ['support', 'finance', 'risk'],
    page: named(() => import('./pages/Users'), 'Users'),
  },
  {
    path: '/risk',
    title: 'nav.risk',
    icon: <AlertOutlined />,
    roles: ['risk'],
    page: named(() => import('./pages/Risk'), 'Risk'),
  },
  {
    path: '/instruments',
    title: 'nav.instruments',
    icon: <SlidersOutlined />,
    roles: ['risk'],
    page: named(() => import('./pages/Instruments'), 'Instruments'),
  },
  {
    path: '/content',
    title: 'nav.content',
    icon: <FileTextOutlined />,
    roles: ['content'],
    page: named(() => import('./pages/Content'), 'Content'),
  },
  {
    path: '/settings',
    title: 'nav.settings',
    icon: <SettingOutlined />,
    roles: ['admin'],
    page: named(() => import('./pages/Settings'), 'Settings'),
  },
  {
    path: '/outbox',
    title: 'nav.outbox',
    icon: <MailOutlined />,
    roles: ['support'],
    page: named(() => import('./pages/Outbox'), 'Outbox'),
  },
  {
    path: '/audit',
    title: 'nav.audit',
    icon: <AuditOutlined />,
    roles: ['admin'],
    page: named(() => import('./pages/Audit'), 'Audit'),
  },
  {
    path: '/operators',
    title: 'nav.operators',
    icon: <TeamOutlined />,
    roles: ['admin'],
    page: named(() => import('./pages/Operators'), 'Operators'),
  },
  {
    path: '/reports',
    title: 'nav.reports',
    icon: <FundOutlined />,
    roles: ['finance'],
    page: named(() => import('./pages/Reports'), 'Reports'),
  },
  {
    path: '/reconcile',
    title: 'nav.reconcile',
    icon: <CheckCircleOutlined />,
    roles: ['finance'],
    page: named(() => import('./pages/Reconcile'), 'Reconcile'),
  },
];
