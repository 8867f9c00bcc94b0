import { List, Switch } from 'antd-mobile';
import { TeamOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchOptIn, setOptIn } from '../../api/copying';

/** A real account's switch to share its trades on the leaderboard, where others can copy them. */
export function ProviderOptIn() {
  const { t } = useTranslation();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchOptIn().then(
      (state) => setOn(state.on),
      () => {},
    );
  }, []);

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      setOn((await setOptIn(wanted)).on);
    } catch {
      // Shown as a toast; the switch stays as it was.
    } finally {
      setBusy(false);
    }
  };

  return (
    <List.Item
      prefix={<TeamOutline />}
      description={t('copy.optIn.hint')}
      extra={
        <Switch
          checked={on ?? false}
          disabled={on === null}
          loading={busy}
          onChange={(wanted) => void change(wanted)}
          aria-label={t('copy.optIn.title')}
        />
      }
    >
      {t('copy.optIn.title')}
    </List.Item>
  );
}
