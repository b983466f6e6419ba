import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { FLAGS, type FlagName, type Flags } from '../../config/flags';
import { paths } from '../../config/paths';

type SvgIconComponent = typeof SvgIcon;

export type NavItem = {
  label: string;
  path: string;
  icon: SvgIconComponent;
  /** One line for the admin menu screen. */
  description?: string;
  adminOnly?: boolean;
  /** Hidden while this build-time flag is off. */
  flag?: FlagName;
};

/** The drawer's main items (SPEC.md §2). */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', path: paths.dashboard, icon: DashboardOutlined },
  { label: 'Clients', path: paths.clients, icon: PersonSearchOutlined },
  { label: 'Notifications', path: paths.notifications, icon: NotificationsOutlined },
];

/** The Admin section, in SPEC.md §2's order. */
export const ADMIN_NAV: readonly NavItem[] = (
  [
    {
      label: 'Dashboard',
      path: paths.admin.dashboard,
      icon: InsightsOutlined,
      flag: 'adminDashboard',
      description: 'Sales across locations at a glance',
    },
    {
      label: 'Users',
      path: paths.admin.users,
      icon: ManageAccountsOutlined,
      flag: 'users',
      description: 'Sign-in accounts and their groups',
    },
    {
      label: 'Employees',
      path: paths.admin.employees,
      icon: BadgeOutlined,
      description: 'Salespersons, therapists and receptionists',
    },
    {
      label: 'Clients',
      path: paths.admin.clients,
      icon: GroupsOutlined,
      description: 'Client records, memberships and vouchers',
    },
    {
      label: 'Locations',
      path: paths.admin.locations,
      icon: StorefrontOutlined,
      description: 'Branches, addresses and opening hours',
    },
    {
      label: 'Services',
      path: paths.admin.services,
      icon: SpaOutlined,
      description: 'Treatments, memberships and their categories',
    },
    {
      label: 'Banks',
      path: paths.admin.banks,
      icon: AccountBalanceOutlined,
      flag: 'banks',
      description: 'Payment channels for card and transfer',
    },
    {
      label: 'Reports',
      path: paths.admin.reports,
      icon: AssessmentOutlined,
      flag: 'reports',
      description: 'Daily sales reports and approvals',
    },
    { label: 'Settings', path: paths.admin.settings, icon: SettingsOutlined, description: 'Company name and logo' },
  ] satisfies NavItem[]
).map((item) => ({ ...item, adminOnly: true }));

/** The bottom bar's items: Dashboard, Clients (the desk's search), Admin (admins only), Notifications. */
export const BOTTOM_NAV: readonly NavItem[] = [
  { label: 'Dashboard', path: paths.dashboard, icon: DashboardOutlined },
  { label: 'Clients', path: paths.clients, icon: PersonSearchOutlined },
  { label: 'Admin', path: paths.admin.menu, icon: AdminPanelSettingsOutlined, adminOnly: true },
  { label: 'Notifications', path: paths.notifications, icon: NotificationsOutlined },
];

/** Items a person may see: admin-only ones for admins, flagged ones only while their flag is on. */
export const visibleItems = (items: readonly NavItem[], options: { isAdmin: boolean; flags?: Flags }): NavItem[] => {
  const flags = options.flags ?? FLAGS;
  return items.filter((item) => (!item.adminOnly || options.isAdmin) && (!item.flag || flags[item.flag]));
};

/** The nav item a pathname belongs to (longest matching path), for highlighting. */
export const activeItem = (items: readonly NavItem[], pathname: string): NavItem | undefined =>
  items
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
