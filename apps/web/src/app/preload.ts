import type { User } from '../features/auth/api/get-my-data';
import { isAdmin } from '../features/auth/api/get-my-data';
import { SCREENS, type Screen } from './screens';

/** A client's page: opened from search many times a shift, though it has no entry of its own. */
const CLIENT_PAGE = '/clients/:clientId';

/**
 * The screens a person opens every shift (issue 34, decision 0642): the bottom bar's that their
 * groups may use (the dashboard, clients, the floor, notifications) and a client's page.
 */
export const dailyScreens = (user: Pick<User, 'groups'>): Screen[] =>
  SCREENS.filter(
    (screen) =>
      !screen.adminOnly &&
      (screen.path === CLIENT_PAGE ||
        (screen.nav?.places.includes('bottom') &&
          (!screen.nav.groups || isAdmin(user) || screen.nav.groups.some((g) => user.groups.includes(g))))),
  );

/**
 * Fetches those screens' code once the panel is idle after sign-in, so a network blink mid-shift
 * finds them cached. Only while the browser says it is online: Chromium remembers a chunk fetch that
 * failed offline until the page reloads (decision 0642), and a preload must not cause that. A failed
 * preload is left for the screen's own loading to report.
 */
export const preloadScreens = (screens: readonly Screen[], online: () => boolean = () => navigator.onLine) => {
  if (!online()) return;
  for (const screen of screens) void screen.load().catch(() => undefined);
};
