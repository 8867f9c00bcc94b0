import { App as AntApp, ConfigProvider, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhHK from 'antd/locale/zh_HK';
import { useTranslation } from 'react-i18next';
import { SignIn } from './pages/SignIn';
import { Shell } from './Shell';
import { useSession } from './session';

export function App() {
  const { i18n } = useTranslation();
  const { operator, loading } = useSession();
  return (
    <ConfigProvider
      locale={i18n.language === 'hk' ? zhHK : enUS}
      theme={{ token: { colorPrimary: '#1f5fbf', borderRadius: 6 } }}
    >
      <AntApp>{loading ? <Spin fullscreen /> : operator ? <Shell /> : <SignIn />}</AntApp>
    </ConfigProvider>
  );
}
