import { type ComponentType, lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BrowserRouter,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { onSessionExpired } from './api/http';
import { socket } from './api/ws';
import { showOnlyRealAccount } from './features/account/onlyRealAccount';
import { ROUTES, type RouteDef } from './routes';
import { useUser } from './stores/user';
import { useConnectionState } from './ui/ConnectionState';
import { OfflineBanner } from './ui/OfflineBanner';
import { PageLoading } from './ui/PageLoading';
import { type RouteHandle, RouteHandleContext } from './ui/routeHandle';
import { ScreenErrorBoundary } from './ui/ScreenErrorBoundary';
import { TabBar } from './ui/TabBar';

/** The route definition a path shows, if any. */
function routeOf(pathname: string): RouteDef | undefined {
  return ROUTES.find((def) => matchPath({ path: def.path, end: true }, pathname));
}

/** Pages already fetched (see preloadRoute): rendered at once, without a trip through Suspense. */
const loadedPages = new Map<RouteDef, ComponentType>();
const lazyPages = new Map<RouteDef, ComponentType>(ROUTES.map((def) => [def, lazy(def.page)]));

/** A page whose code failed to load (offline) is asked for again: React keeps a lazy page's failure. */
function retryPage(def: RouteDef): void {
  if (!loadedPages.has(def)) lazyPages.set(def, lazy(def.page));
}

/**
 * Fetches the page of the path the app starts on, so that its first render is the page itself rather than a
 * loading indicator (main.tsx awaits it alongside the language), and asks for the page's data meanwhile.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const def = routeOf(pathname);
  def?.prefetch?.();
  if (!def || loadedPages.has(def)) return;
  try {
    loadedPages.set(def, (await def.page()).default);
  } catch {
    // The lazy page retries when it is rendered.
  }
}

/** Sends a visitor to /login?from={path} for routes that need a signed-in user; keeps demo accounts off real-only ones. */
function RequireLogin({ children, real }: { children: React.ReactNode; real?: boolean }) {
  const isLogin = useUser((s) => s.isLogin);
  const demo = useUser((s) => s.user?.is_demo === 1);
  const location = useLocation();
  const navigate = useNavigate();
  const refused = isLogin && real && demo;
  const asked = location.pathname + location.search;
  useEffect(() => {
    if (refused) showOnlyRealAccount(navigate, asked);
  }, [refused, navigate, asked]);
  if (!isLogin) {
    const from = location.pathname + location.search;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
  }
  if (refused) return <Navigate to="/user" replace />;
  return children;
}

function RoutePage({ def }: { def: RouteDef }) {
  const Page = loadedPages.get(def) ?? lazyPages.get(def)!;
  const handle: RouteHandle = { title: def.title, footer: Boolean(def.footer) };
  return (
    <RouteHandleContext.Provider value={handle}>
      {def.login ? (
        <RequireLogin real={def.real}>
          <Page />
        </RequireLogin>
      ) : (
        <Page />
      )}
    </RouteHandleContext.Provider>
  );
}

function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const def = routeOf(location.pathname);

  // SPEC.md §2: each navigation opens the websocket if it is not open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    socket.open();
  }, [location.pathname]);

  // Every screen opens at its top: the document scrolls, and the one before left it wherever it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  useEffect(() => {
    document.title = def ? `${t(def.title)} · Meridian` : 'Meridian';
  }, [def, t]);

  // Offline or reconnecting, figures that move with prices are greyed (styles.css) and the banner says why.
  const connection = useConnectionState();
  const notLive = connection === 'offline' || connection === 'reconnecting';
  return (
    <div className={`app${def?.footer ? ' app--footer' : ''}${notLive ? ' app--not-live' : ''}`}>
      <OfflineBanner state={connection} />
      <main className="app__main">
        <ScreenErrorBoundary
          key={location.pathname}
          online={connection !== 'offline'}
          onRetry={() => def && retryPage(def)}
          message={t('offline.screenFailed')}
          retryText={t('offline.retry')}
        >
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      {def?.footer && <TabBar />}
    </div>
  );
}

/** Lets code outside React (a 999 from any API call) send the user to /login. */
function SessionExpiredRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    onSessionExpired((from) => {
      if (!window.location.pathname.startsWith('/login')) {
        navigate(`/login?from=${encodeURIComponent(from)}`, { replace: true });
      }
    });
  }, [navigate]);
  return null;
}

/** SPEC.md §4: the invite link's hash form (/#/register?invite_code=…) becomes a history-mode path. */
function fromHashLink(): void {
  const { hash } = window.location;
  if (hash.startsWith('#/')) window.history.replaceState(null, '', hash.slice(1));
}

fromHashLink();

export function App() {
  return (
    <BrowserRouter>
      <SessionExpiredRedirect />
      <Routes>
        <Route element={<Layout />}>
          {ROUTES.map((def) => (
            // Keyed: routes sharing a page (/user, /mine) each mount their own, as every other route does.
            <Route key={def.path} path={def.path} element={<RoutePage key={def.path} def={def} />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
