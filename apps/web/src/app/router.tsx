import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { loadChunk } from '../lib/chunk';
import { useFlags } from '../lib/flags';
import { paths } from '../config/paths';
import type { FlagName } from '../config/flags';
import { RedirectAfterLogin, RequireAdmin } from './layout/guard';
import { lazyRetrying } from './layout/retrying-screen';
import { RouteFallback, RouteShell } from './layout/route-shell';
import { RouteError } from './routes/route-error';
import { ADMIN_MENU_SCREEN, SCREENS, type Screen } from './screens';

const ToDashboard = () => <Navigate to={paths.dashboard} replace />;

/**
 * A flagged screen that follows its flag while it is open (lib/flags.ts): off, its path shows the
 * admin menu (admin screens) or goes to the dashboard, as an unknown path would.
 */
const flagged = (flag: FlagName, Screen: ComponentType, Otherwise: ComponentType) =>
  function FlaggedScreen() {
    return useFlags()[flag] ? <Screen /> : <Otherwise />;
  };

/**
 * A screen loaded on demand, failing with a ChunkLoadError after CHUNK_LOAD_TIMEOUT_MS; offline, it
 * retries by itself when the network returns (lazyRetrying, docs/decisions/0642).
 */
const lazyScreen = (screen: Screen) =>
  lazyRetrying(async () => {
    const Component = await loadChunk(screen.load);
    if (!screen.flag) return Component;
    const Otherwise = screen.adminOnly ? await loadChunk(ADMIN_MENU_SCREEN.load) : ToDashboard;
    return flagged(screen.flag, Component, Otherwise);
  });

/** The manifest's screens under `base` as child routes (paths relative to it). */
const routesUnder = (base: string, adminOnly: boolean): RouteObject[] =>
  SCREENS.filter((screen) => Boolean(screen.adminOnly) === adminOnly).map((screen) => {
    if (!screen.path.startsWith(base)) throw new Error(`Screen ${screen.path} belongs under ${base}.`);
    return { path: screen.path.slice(base.length), lazy: lazyScreen(screen) };
  });

const adminMenu = lazyScreen(ADMIN_MENU_SCREEN);

/** Signed in: the layout and its screens (app/screens.ts), each loaded on demand (docs/architecture.md). */
export const signedInRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RouteShell,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      { path: 'login', Component: RedirectAfterLogin },
      {
        lazy: lazyRetrying(async () => (await loadChunk(() => import('./layout/app-layout'))).AppLayout),
        // Errors in a screen show inside the layout, so navigation stays usable.
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, Component: ToDashboard },
              ...routesUnder('/', false),
              {
                path: 'admin',
                Component: RequireAdmin,
                // /admin and admin paths without a screen show the admin menu.
                children: [
                  { index: true, lazy: adminMenu },
                  ...routesUnder('/admin/', true),
                  { path: '*', lazy: adminMenu },
                ],
              },
              { path: '*', Component: ToDashboard },
            ],
          },
        ],
      },
    ],
  },
];
