// Per-module import: the home screen is on the first screen's path (see main.tsx).
import ContentOutline from 'antd-mobile-icons/es/ContentOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The way to the news from home, since the footer's fourth tab became copy trading. */
export function NewsLink() {
  const { t } = useTranslation();
  return (
    <Link to="/news" className="icon-button" aria-label={t('page.news')}>
      <ContentOutline />
    </Link>
  );
}
