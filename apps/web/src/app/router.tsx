import type { ComponentType } from 'react';
import { Navigate, matchPath, type RouteObject } from 'react-router';
import { loadChunk } from '../lib/chunk';
import { useFlags } from '../lib/flags';
import { paths } from '../config/paths';
import type { FlagName } from '../config/flags';
import type { User } from '../features/auth/api/get-my-data';
import type { Prefetch } from '../lib/swr';
import { RedirectAfterLogin, RequireAdmin } from './layout/guard';
import { lazyRetrying } from './layout/retrying-screen';
import { RouteFallback, RouteShell } from './layout/route-shell';
import { RouteError } from './routes/route-error';
import { FIRST_SCREENS, prefetchLayout } from './prefetch';
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

/** The signed-in layout's code (drawer, bottom bar, header). */
export const loadAppLayout = () => loadChunk(() => import('./layout/app-layout'));

/** What the routes' loaders need: who is signed in now, and where their prefetched reads go (the app's SWR cache). */
export type RouteContext = { user: () => User; prefetch: Prefetch };

/**
 * The manifest's screens under `base` as child routes (paths relative to it). A screen with first
 * reads gets a loader that starts them: the router runs it alongside the screen's `lazy`, so the
 * answers are on the way while the code downloads (decision 1050). It returns nothing and waits
 * for nothing; the screen's hooks take the answers from SWR.
 */
const routesUnder = (base: string, adminOnly: boolean, context: RouteContext): RouteObject[] =>
  SCREENS.filter((screen) => Boolean(screen.adminOnly) === adminOnly).map((screen) => {
    if (!screen.path.startsWith(base)) throw new Error(`Screen ${screen.path} belongs under ${base}.`);
    const prefetch = FIRST_SCREENS[screen.path]?.prefetch;
    return {
      path: screen.path.slice(base.length),
      lazy: lazyScreen(screen),
      ...(prefetch
        ? {
            loader: ({ request }: { request: Request }) => {
              prefetch(context.prefetch, context.user(), new URL(request.url));
              return null;
            },
          }
        : {}),
    };
  });

const adminMenu = lazyScreen(ADMIN_MENU_SCREEN);

/**
 * The first reads of the layout and of the screen at `url`, as their loaders start them. The
 * signed-in app calls it before it creates the router, so on a cold start the answers are asked
 * for ahead of the code (six connections to a host: what is asked first goes first).
 */
export const prefetchAt = (context: RouteContext, url: URL) => {
  prefetchLayout(context.prefetch);
  const path = Object.keys(FIRST_SCREENS).find((p) => matchPath(p, url.pathname));
  if (path) FIRST_SCREENS[path]!.prefetch(context.prefetch, context.user(), url);
};

/** Signed in: the layout and its screens (app/screens.ts), each loaded on demand (docs/architecture.md). */
export const signedInRoutes = (context: RouteContext): RouteObject[] => [
  {
    path: '/',
    Component: RouteShell,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      { path: 'login', Component: RedirectAfterLogin },
      {
        lazy: lazyRetrying(async () => (await loadAppLayout()).AppLayout),
        // The layout's own reads (the badge, the desk's invoicing) start with its code, not after it.
        loader: () => {
          prefetchLayout(context.prefetch);
          return null;
        },
        // Errors in a screen show inside the layout, so navigation stays usable.
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, Component: ToDashboard },
              ...routesUnder('/', false, context),
              {
                path: 'admin',
                Component: RequireAdmin,
                // /admin and admin paths without a screen show the admin menu.
                children: [
                  { index: true, lazy: adminMenu },
                  ...routesUnder('/admin/', true, context),
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
