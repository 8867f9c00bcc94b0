import { App as AntApp, ConfigProvider, Spin, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhHK from 'antd/locale/zh_HK';
import { useTranslation } from 'react-i18next';
import { Setup } from './pages/Setup';
import { SignIn } from './pages/SignIn';
import { Shell } from './Shell';
import { useSession } from './session';
import { useAdminTheme } from './ui/theme';

export function App() {
  const { i18n } = useTranslation();
  const { operator, loading } = useSession();
  const { dark } = useAdminTheme();
  return (
    <ConfigProvider
      locale={i18n.language === 'hk' ? zhHK : enUS}
      theme={{
        token: { colorPrimary: '#1f5fbf', borderRadius: 6 },
        algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      }}
    >
      <AntApp>
        {/* A step the server still asks for (new password, then TOTP) comes before the back office. */}
        {loading ? <Spin fullscreen /> : !operator ? <SignIn /> : operator.pending ? <Setup /> : <Shell />}
      </AntApp>
    </ConfigProvider>
  );
}
