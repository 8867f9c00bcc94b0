import {
  DesktopOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MoonOutlined,
  SafetyOutlined,
  SunOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { Alert, Button, Dropdown, Layout, Menu, Result, Space, Spin, Tag, Typography, theme } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { setLanguage } from './i18n';
import { PasswordChange } from './pages/PasswordChange';
import { TotpEnrolment } from './pages/TotpEnrolment';
import { PAGES } from './routes';
import { useSession } from './session';
import { chooseTheme, THEME_CHOICES, type ThemeChoice, useAdminTheme } from './ui/theme';

const THEME_ICONS = { system: <DesktopOutlined />, light: <SunOutlined />, dark: <MoonOutlined /> };

/** The desktop frame: menu of the screens this operator may use, header with who is signed in. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const { operator, signOut, can } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [dialog, setDialog] = useState<'totp' | 'password' | null>(null);
  const { choice } = useAdminTheme();
  const { token } = theme.useToken();
  const pages = PAGES.filter((p) => can(p.roles));
  const current = pages.find((p) => p.path !== '/' && location.pathname.startsWith(p.path))?.path ?? '/';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} breakpoint="lg" collapsedWidth={64}>
        <div className="brand">{t('app.name')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[current]}
          items={pages.map((p) => ({ key: p.path, icon: p.icon, label: t(p.title) }))}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            paddingInline: 24,
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Space size="middle">
            <Dropdown
              menu={{
                items: THEME_CHOICES.map((key) => ({
                  key,
                  icon: THEME_ICONS[key],
                  label: t(`theme.${key}`),
                })),
                selectable: true,
                selectedKeys: [choice],
                onClick: ({ key }) => chooseTheme(key as ThemeChoice),
              }}
            >
              <Button type="text" icon={THEME_ICONS[choice]} data-testid="theme-menu">
                {t('theme.title')}
              </Button>
            </Dropdown>
            <Dropdown
              menu={{
                items: [
                  { key: 'en', label: 'English' },
                  { key: 'hk', label: '繁體中文' },
                ],
                onClick: ({ key }) => setLanguage(key as 'en' | 'hk'),
              }}
            >
              <Button type="text" icon={<TranslationOutlined />}>
                {i18n.language === 'hk' ? '繁體中文' : 'English'}
              </Button>
            </Dropdown>
            <Dropdown
              menu={{
                items: [
                  { key: 'password', icon: <KeyOutlined />, label: t('password.title') },
                  { key: 'totp', icon: <SafetyOutlined />, label: t('totp.menu') },
                  { key: 'out', icon: <LogoutOutlined />, label: t('app.signOut') },
                ],
                onClick: ({ key }) =>
                  key === 'out' ? void signOut() : setDialog(key as 'totp' | 'password'),
              }}
            >
              <Button type="text" data-testid="operator-menu">
                <Typography.Text strong>{operator?.email}</Typography.Text>
                <Tag color="blue">{t(`roles.${operator?.role}`)}</Tag>
                <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {operator && !operator.totp_enabled && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message={t('totp.missing')}
              action={
                <Button size="small" type="primary" onClick={() => setDialog('totp')}>
                  {t('totp.start')}
                </Button>
              }
            />
          )}
          <Suspense fallback={<Spin />}>
            <Routes>
              {pages.map((p) => (
                <Route key={p.path} path={p.path === '/' ? '/' : `${p.path}/*`} element={<p.page />} />
              ))}
              <Route path="*" element={<Result status="404" title={t('app.notFound')} />} />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
      <TotpEnrolment open={dialog === 'totp'} onClose={() => setDialog(null)} />
      <PasswordChange open={dialog === 'password'} onClose={() => setDialog(null)} />
    </Layout>
  );
}
