import { useUser } from '../../stores/user';
import { Page } from '../../ui/Page';
import { DeviceList } from './DeviceList';
import { TotpSection } from './TotpSection';

/** /mine/security: signed-in devices, and for real accounts two-factor authentication with an authenticator app. */
export default function SecurityPage() {
  const demo = useUser((s) => s.user?.is_demo === 1);
  return (
    <Page>
      <DeviceList />
      {!demo && <TotpSection />}
    </Page>
  );
}
