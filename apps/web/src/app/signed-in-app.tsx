import { useEffect, useRef, useState } from 'react';
import { RouterProvider, createBrowserRouter, matchPath } from 'react-router';
import { useSWRConfig, type Cache } from 'swr';
import { LoadingOverlay } from '../components/loading-overlay';
import type { User } from '../features/auth/api/get-my-data';
import { LiveNotificationsProvider } from '../features/notifications/live/live-notifications';
import { prefetcher } from '../lib/swr';
import { CurrentUserContext } from './layout/current-user';
import { pathAfterSignIn, paths } from '../config/paths';
import { loadAppLayout, prefetchAt, signedInRoutes, type RouteContext } from './router';
import { SCREENS } from './screens';
import { dailyScreens, preloadScreens } from './preload';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Just signed in: the address becomes where the person was going (rather than /login and a
 * redirect after the router's first render; layout/guard.tsx's RedirectAfterLogin still covers
 * /login opened later), and that screen's first reads are asked for, ahead of its code.
 */
const openFirstScreen = (context: RouteContext) => {
  if (window.location.pathname === paths.login) {
    window.history.replaceState(window.history.state, '', pathAfterSignIn(new URLSearchParams(window.location.search)));
  }
  const url = new URL(window.location.href);
  prefetchAt(context, url);
  return url;
};

/**
 * Called by the sign-in screen the moment the password is accepted, before React draws the panel
 * (decision 1051): the first screen's reads, then its code and the layout's, start at once.
 */
export const startSignedIn = (user: User, cache: Cache) => {
  const url = openFirstScreen({ user: () => user, prefetch: prefetcher(cache) });
  const screen = SCREENS.find((s) => matchPath(s.path, url.pathname));
  void loadAppLayout().catch(() => undefined);
  if (screen) void screen.load().catch(() => undefined);
};

/** After sign-in, the first screen's own requests go first. */
const PRELOAD_AFTER_MS = 2_000;

/**
 * The signed-in panel: the data router (created from the current address, disposed on sign-out)
 * and the live channel. Its own chunk, so the sign-in screen loads neither (decision 0010).
 */
export const SignedInApp = ({ user }: { user: User }) => {
  const [router, setRouter] = useState<DataRouter | null>(null);
  const { cache } = useSWRConfig();
  // The routes' loaders read the person as they are now (their groups and branches can change).
  const current = useRef(user);
  useEffect(() => {
    current.current = user;
  }, [user]);
  useEffect(() => {
    const context: RouteContext = { user: () => current.current, prefetch: prefetcher(cache) };
    openFirstScreen(context);
    const created = createBrowserRouter(signedInRoutes(context));
    setRouter(created);
    return () => created.dispose();
    // One router for the panel's life; `cache` is the app's SWR cache, which does not change.
  }, [cache]);
  // Once the first screen is up, the rest of the day's screens are fetched in the background.
  useEffect(() => {
    const timer = setTimeout(() => preloadScreens(dailyScreens(user)), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [user]);
  return (
    <CurrentUserContext.Provider value={user}>
      {/* The live channel lives exactly as long as the signed-in app: signing out closes it. */}
      <LiveNotificationsProvider>
        {router ? <RouterProvider router={router} /> : <LoadingOverlay />}
      </LiveNotificationsProvider>
    </CurrentUserContext.Provider>
  );
};
