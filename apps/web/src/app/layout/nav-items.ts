import type SvgIcon from '@mui/material/SvgIcon';
import type { FlagName, Flags } from '../../config/flags';
import { SCREENS, type NavPlace } from '../screens';

export type NavItem = {
  label: string;
  path: string;
  icon: typeof SvgIcon;
  /** One line for the admin menu screen. */
  description?: string;
  adminOnly?: boolean;
  /** Hidden while this flag is off. */
  flag?: FlagName;
  /** Shown only to people in one of these groups, and to Admins. */
  groups?: readonly string[];
  /** Hidden from Admins (they have the same screen in the Admin section). */
  notForAdmins?: boolean;
};

/** The entries of one place, in the screens manifest's order (app/screens.ts). */
const navItems = (place: NavPlace): readonly NavItem[] =>
  SCREENS.flatMap(({ path, adminOnly, flag, nav }) =>
    nav?.places.includes(place)
      ? [
          {
            label: nav.label,
            path,
            icon: nav.icon,
            description: nav.description,
            adminOnly,
            flag: flag ?? nav.flag,
            groups: nav.groups,
            notForAdmins: nav.notForAdmins,
          },
        ]
      : [],
  );

/** The drawer's main items: Dashboard, Clients, Floor, Notifications, Reports (Managers), Documents and Readings (the desk, Managers), Books (Managers), Pay runs (Managers). */
export const MAIN_NAV = navItems('main');

/** The Admin section and the admin menu: Sales overview, Users, Employees, Client records, Locations, Services, Banks, Reports, Pay runs, Settings. */
export const ADMIN_NAV = navItems('admin');

/** The bottom bar's items: Dashboard, Clients (the desk's search), Admin (admins only), Notifications. */
export const BOTTOM_NAV = navItems('bottom');

/**
 * Items a person may see: admin-only ones for admins, flagged ones only while their flag is on
 * (lib/flags.ts's useFlags), group-bound ones to their groups (and admins).
 */
export const visibleItems = (
  items: readonly NavItem[],
  options: { isAdmin: boolean; flags: Flags; groups?: readonly string[] },
): NavItem[] =>
  items.filter(
    (item) =>
      (!item.adminOnly || options.isAdmin) &&
      !(item.notForAdmins && options.isAdmin) &&
      (!item.flag || options.flags[item.flag]) &&
      (!item.groups || options.isAdmin || item.groups.some((g) => options.groups?.includes(g))),
  );

/** The nav item a pathname belongs to (longest matching path), for highlighting. */
export const activeItem = (items: readonly NavItem[], pathname: string): NavItem | undefined =>
  items
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
