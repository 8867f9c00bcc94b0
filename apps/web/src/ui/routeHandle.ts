import { createContext, useContext } from 'react';

export interface RouteHandle {
  title: string;
  footer: boolean;
}

/**
 * The route being shown (title and footer), for the title bar of ui/Page.tsx. The router is React Router's
 * declarative one: the data router (createBrowserRouter) brought 17 KiB gzip of loaders, actions and fetchers
 * the app does not use onto the first screen's path (issue 11).
 */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

export function useRouteHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}
