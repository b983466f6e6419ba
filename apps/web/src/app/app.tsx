import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { useUser, type User } from '../features/auth/api/get-my-data';
import { CurrentUserContext } from './layout/current-user';
import { useUnauthorizedRedirect } from './layout/guard';
import { signedInRoutes, signedOutRoutes } from './router';
import { LiveNotificationsProvider } from '../features/notifications/live/live-notifications';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/** One data router per auth state, created from the current address and disposed when the state flips. */
const useRouterFor = (routes: RouteObject[]) => {
  const [router, setRouter] = useState<DataRouter | null>(null);
  useEffect(() => {
    const created = createBrowserRouter(routes);
    setRouter(created);
    return () => created.dispose();
  }, [routes]);
  return router;
};

const SignedOutApp = () => {
  const router = useRouterFor(signedOutRoutes);
  return router ? <RouterProvider router={router} /> : <LoadingOverlay />;
};

const SignedInApp = ({ user }: { user: User }) => {
  const router = useRouterFor(signedInRoutes);
  return (
    <CurrentUserContext.Provider value={user}>
      {/* The live channel lives exactly as long as the signed-in app: signing out closes it. */}
      <LiveNotificationsProvider>{router ? <RouterProvider router={router} /> : <LoadingOverlay />}</LiveNotificationsProvider>
    </CurrentUserContext.Provider>
  );
};

/**
 * The guard (SPEC.md §2, §4): a loading overlay while auth loads, then the sign-in routes or the
 * app routes. Signing in or out, or any 401, flips between them.
 */
export const App = () => {
  const { user, isLoading } = useUser();
  useUnauthorizedRedirect();
  if (isLoading) return <LoadingOverlay text="Loading your workspace…" />;
  return user ? <SignedInApp user={user} /> : <SignedOutApp />;
};
