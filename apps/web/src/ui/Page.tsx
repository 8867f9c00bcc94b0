// antd-mobile's NavBar marks its left slot role="button" even with nothing in it (an unnamed command, on tab
// pages too), and its back arrow is not reachable by keyboard: the bar is its markup with a real back button.
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRouteHandle } from './routeHandle';

interface PageProps {
  children?: ReactNode;
  /** Overrides the route's title. */
  title?: ReactNode;
  right?: ReactNode;
}

/** Back within the app, or home when the page was opened directly (no in-app history to return to). */
export function useBack(): () => void {
  const navigate = useNavigate();
  return () => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate('/', { replace: true }));
}

/** A screen with its title bar: back arrow (mirrored in Arabic; none on tab pages), the route's title, an optional action. */
export function Page({ children, title, right }: PageProps) {
  const { t } = useTranslation();
  const back = useBack();
  const handle = useRouteHandle();
  // Tab pages are roots: no back arrow.
  const root = handle?.footer ?? false;
  return (
    <div className="page">
      <div className="adm-nav-bar page__bar">
        <div className="adm-nav-bar-left">
          {!root && (
            <button
              type="button"
              className="adm-nav-bar-back page__back"
              aria-label={t('common.back')}
              onClick={back}
            >
              <span className="adm-nav-bar-back-arrow">
                <LeftOutline />
              </span>
            </button>
          )}
        </div>
        <div className="adm-nav-bar-title">{title ?? (handle ? t(handle.title) : '')}</div>
        <div className="adm-nav-bar-right">{right}</div>
      </div>
      <div className="page__body">{children}</div>
    </div>
  );
}
