import { NavBar } from 'antd-mobile';
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
      <NavBar className="page__bar" back={root ? null : ''} backIcon={!root} onBack={back} right={right}>
        {title ?? (handle ? t(handle.title) : '')}
      </NavBar>
      <div className="page__body">{children}</div>
    </div>
  );
}
