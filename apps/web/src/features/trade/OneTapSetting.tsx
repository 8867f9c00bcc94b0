import { List, Switch } from 'antd-mobile';
import { FingerdownOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../stores/preferences';

/** The user centre's switch for one-tap trading: Buy and Sell place at once, without the confirmation sheet. */
export function OneTapSetting() {
  const { t } = useTranslation();
  const { preferences, load, change } = usePreferences();

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <List.Item
      prefix={<FingerdownOutline />}
      description={t('order.oneTap.settingHint')}
      extra={
        <Switch
          checked={preferences.one_tap}
          onChange={(on) => void change({ one_tap: on })}
          aria-label={t('order.oneTap.setting')}
        />
      }
    >
      {t('order.oneTap.setting')}
    </List.Item>
  );
}
