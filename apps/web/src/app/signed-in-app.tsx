import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import type { User } from '../features/auth/api/get-my-data';
import { LiveNotificationsProvider } from '../features/notifications/live/live-notifications';
import { CurrentUserContext } from './layout/current-user';
import { signedInRoutes } from './router';
import { dailyScreens, preloadScreens } from './preload';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/** After sign-in, the first screen's own requests go first. */
const PRELOAD_AFTER_MS = 2_000;

/**
 * The signed-in panel: the data router (created from the current address, disposed on sign-out)
 * and the live channel. Its own chunk, so the sign-in screen loads neither (decision 0010).
 */
export const SignedInApp = ({ user }: { user: User }) => {
  const [router, setRouter] = useState<DataRouter | null>(null);
  useEffect(() => {
    const created = createBrowserRouter(signedInRoutes);
    setRouter(created);
    return () => created.dispose();
  }, []);
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
