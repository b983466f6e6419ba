import { ADMIN_GROUP, MANAGER_GROUP, manilaDate } from '@ginhawa/contract';
import type { User } from '../features/auth/api/get-my-data';
import { prefetchArrivals } from '../features/dashboard/api/get-reports-data';
import { prefetchEndOfDay } from '../features/dashboard/api/get-end-of-day';
import { prefetchMyEmployee } from '../features/dashboard/api/get-my-employee';
import { prefetchBoard } from '../features/floor/api/get-board';
import { prefetchOpenShifts } from '../features/floor/api/open-shifts';
import { prefetchUnreadCount } from '../features/notifications/api/get-unread-count';
import { prefetchTabs } from '../features/sales/api/get-tabs';
import { prefetchDayStatus } from '../lib/day-status';
import { prefetchDeskInvoicing } from '../lib/desk-invoicing';
import { prefetchSettings } from '../lib/settings';
import type { Prefetch } from '../lib/swr';
import { hasRoleTiles, loadRoleTiles } from './role-tiles';

/*
 * What a screen reads first, started by its route's loader while its code is still on the way
 * (docs/decisions/1050): the same keys and fetchers its hooks use, so SWR hands each hook the
 * answer already under way. Only reads a screen makes for sure on opening, for the person it is
 * opened by; the rest its hooks start as before.
 */

/** A screen's first reads, from the person and the address it is opened at. */
export type ScreenPrefetch = (prefetch: Prefetch, user: User, url: URL) => void;

const has = (user: User, group: string) => user.groups.includes(group);

/**
 * `?date=` as the floor reads it (contract's calendarDateSchema: a real YYYY-MM-DD date), without
 * zod: this module is in the sign-in chunk (app.tsx starts the first reads as the profile arrives).
 */
const calendarDate = (raw: string | null) => {
  if (raw === null || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  const date = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === raw ? raw : undefined;
};
const frontDesk = (user: User) => has(user, 'Receptionist') || has(user, MANAGER_GROUP) || has(user, ADMIN_GROUP);

/** The signed-in layout's own: the notifications badge, whether the desk invoices, the brand. */
export const prefetchLayout = (prefetch: Prefetch) => {
  prefetchSettings(prefetch);
  prefetchUnreadCount(prefetch);
  prefetchDeskInvoicing(prefetch);
};

/** /dashboard (app/routes/dashboard.tsx): the desk's tiles per branch, the employee record the others' tiles wait for. */
export const prefetchDashboard: ScreenPrefetch = (prefetch, user) => {
  // Their tiles' code beside the dashboard's own, not after it.
  if (hasRoleTiles(user)) void loadRoleTiles().catch(() => undefined);
  const today = manilaDate(new Date());
  if (has(user, 'Receptionist'))
    for (const l of user.locations) {
      prefetchArrivals(prefetch, today, { location: l.id });
      prefetchEndOfDay(prefetch, l.id);
    }
  if (frontDesk(user)) for (const l of user.locations) prefetchTabs(prefetch, l.id);
  if (has(user, 'Therapist')) prefetchMyEmployee(prefetch, 'therapist', user.id);
  if (has(user, 'Salesperson')) prefetchMyEmployee(prefetch, 'salesperson', user.id);
};

/**
 * /floor (app/routes/floor.tsx): the board of the branch it opens at (`?location=` if it is one of
 * the person's, else their first; `?date=`), the desk's tabs and shifts there, and the person's own
 * employee records. An Admin's branch comes from the locations list, so theirs waits for the screen.
 */
export const prefetchFloor: ScreenPrefetch = (prefetch, user, url) => {
  if (has(user, ADMIN_GROUP)) return;
  const asked = url.searchParams.get('location');
  const location = user.locations.find((l) => String(l.id) === asked)?.id ?? user.locations[0]?.id;
  const date = calendarDate(url.searchParams.get('date'));
  if (location !== undefined) {
    prefetchBoard(prefetch, location, date);
    // The closed-day notice shows over a live day only.
    if (date === undefined) prefetchDayStatus(prefetch, location);
    if (frontDesk(user)) {
      prefetchTabs(prefetch, location);
      prefetchOpenShifts(prefetch, location);
    }
  }
  if (has(user, 'Therapist')) prefetchMyEmployee(prefetch, 'therapist', user.id);
  if (has(user, 'Receptionist')) prefetchMyEmployee(prefetch, 'receptionist', user.id);
  if (has(user, 'Salesperson')) prefetchMyEmployee(prefetch, 'salesperson', user.id);
};

/**
 * The desk's first screens by address (issue 35): with a session likely, app.tsx fetches their
 * code with the panel's and starts their reads as soon as the profile answers, before the panel's
 * code has run (decision 1051). The router's loaders start the same reads (decision 1050); the
 * screens manifest (app/screens.ts) stays data that Node can read (the e2e suite imports it).
 */
export const FIRST_SCREENS: Record<string, { load: () => Promise<unknown>; prefetch: ScreenPrefetch }> = {
  '/dashboard': { load: () => import('./routes/dashboard'), prefetch: prefetchDashboard },
  '/floor': { load: () => import('./routes/floor'), prefetch: prefetchFloor },
};

/**
 * The layout's code and, when `pathname` is one of the desk's first screens, that screen's: started
 * beside the profile call when a session is likely (app.tsx), and as the password is sent at
 * sign-in (routes/login.tsx, decision 1088), so they download while the server checks it.
 */
export const loadFirstScreenCode = (pathname: string) => {
  const screen = FIRST_SCREENS[pathname];
  for (const load of [() => import('./layout/app-layout'), ...(screen ? [screen.load] : [])])
    void load().catch(() => undefined);
};
