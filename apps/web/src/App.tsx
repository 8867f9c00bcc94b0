import { type ComponentType, lazy, Suspense, useEffect } from 'react';
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
import { PageLoading } from './ui/PageLoading';
import { type RouteHandle, RouteHandleContext } from './ui/routeHandle';
import { TabBar } from './ui/TabBar';

/** The route definition a path shows, if any. */
function routeOf(pathname: string): RouteDef | undefined {
  return ROUTES.find((def) => matchPath({ path: def.path, end: true }, pathname));
}

/** Pages already fetched (see preloadRoute): rendered at once, without a trip through Suspense. */
const loadedPages = new Map<RouteDef, ComponentType>();
const lazyPages = new Map<RouteDef, ComponentType>(ROUTES.map((def) => [def, lazy(def.page)]));

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
  const refused = isLogin && real && demo;
  useEffect(() => {
    if (refused) showOnlyRealAccount();
  }, [refused]);
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

  useEffect(() => {
    document.title = def ? `${t(def.title)} · Meridian` : 'Meridian';
  }, [def, t]);

  return (
    <div className={def?.footer ? 'app app--footer' : 'app'}>
      <main className="app__main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
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
