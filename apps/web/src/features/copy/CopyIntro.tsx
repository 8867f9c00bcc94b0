import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** What copy trading is, for a visitor: to the leaderboard, or sign in to copy. */
export function CopyIntro() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="copy-intro">
      <h2>{t('copy.intro.title')}</h2>
      <p>{t('copy.intro.text')}</p>
      <p className="muted">{t('copy.intro.risk')}</p>
      <Button block color="primary" onClick={() => navigate('/rank')}>
        {t('copy.toRank')}
      </Button>
      <Button block onClick={() => navigate('/login?from=%2Fcopy')}>
        {t('page.login')}
      </Button>
    </section>
  );
}
