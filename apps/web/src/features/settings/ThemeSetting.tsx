import { List } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { THEME_CHOICES, useTheme } from '../../stores/theme';

/** Light, dark or the system's: a row of the settings lists (user centre and /language), kept on this device. */
export function ThemeSetting() {
  const { t } = useTranslation();
  const { choice, choose } = useTheme();
  return (
    <List.Item prefix={<PictureOutline />} arrowIcon={false}>
      <div className="theme-setting">
        <span id="theme-setting-label">{t('theme.title')}</span>
        <fieldset className="segmented theme-setting__choices" aria-labelledby="theme-setting-label">
          {THEME_CHOICES.map((option) => (
            <button
              key={option}
              type="button"
              className={option === choice ? 'on' : undefined}
              aria-pressed={option === choice}
              onClick={() => choose(option)}
            >
              {t(`theme.${option}`)}
            </button>
          ))}
        </fieldset>
      </div>
    </List.Item>
  );
}
