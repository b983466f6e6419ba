import type { ComponentType } from 'react';
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
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import type { GroupName } from '@ginhawa/contract';
import type { FlagName } from '../config/flags';

/** Where a screen's entry shows: the drawer's main list, its Admin section (and the admin menu), the bottom bar. */
export type NavPlace = 'main' | 'admin' | 'bottom';

export type Screen = {
  /** The route pattern, absolute (`/admin/clients/:clientId`); links are built with config/paths.ts. */
  path: string;
  /** The screen's component, loaded on demand (its own chunk). */
  load: () => Promise<ComponentType>;
  /** Under /admin, behind RequireAdmin; its nav entries show to admins only. */
  adminOnly?: boolean;
  /**
   * The groups whose people may open it besides Admins (its route or the server turns the rest
   * away); absent, everyone signed in. The accessibility suite opens every screen as each role
   * this allows (apps/web/e2e/accessibility.e2e.ts, decision 0629).
   */
  openedBy?: readonly GroupName[];
  /** Shown (route and entries) only while this flag is on; off, its path shows the admin menu. */
  flag?: FlagName;
  nav?: {
    label: string;
    icon: typeof SvgIcon;
    places: readonly NavPlace[];
    /** One line for the admin menu. */ description?: string;
    /** Shown only to people in one of these groups (and to Admins): the rest would meet a 403. */
    groups?: readonly GroupName[];
    /**
     * The entry (not the route) shows only while this flag is on: for a screen whose route reads its
     * flag itself (/reports, /payroll), so a Manager's drawer follows the stored flags.
     */
    flag?: FlagName;
    /** Not shown to Admins: they reach the same screen from the Admin section (decision 0627). */
    notForAdmins?: boolean;
  };
};

/** The admin menu: also what /admin, unknown /admin paths and a switched-off flagged admin screen show. */
export const ADMIN_MENU_SCREEN: Screen = {
  path: '/admin/menu',
  adminOnly: true,
  load: () => import('./routes/admin/menu').then((m) => m.AdminMenuRoute),
  nav: { label: 'Admin', icon: AdminPanelSettingsOutlined, places: ['bottom'] },
};

/**
 * Every signed-in screen, in navigation order (docs/architecture.md "How to add a screen"): the
 * router (app/router.tsx), the drawer, the bottom bar and the admin menu (app/layout/nav-items.ts)
 * all read this list, so a new screen is one entry here.
 */
export const SCREENS: readonly Screen[] = [
  {
    path: '/dashboard',
    load: () => import('./routes/dashboard').then((m) => m.DashboardRoute),
    nav: { label: 'Dashboard', icon: DashboardOutlined, places: ['main', 'bottom'] },
  },
  {
    path: '/clients',
    load: () => import('./routes/clients').then((m) => m.ClientsRoute),
    nav: { label: 'Clients', icon: PersonSearchOutlined, places: ['main', 'bottom'] },
  },
  // The floor board (issue 22; decision 0901): receptionists, therapists and managers of the branch; Admins choose it.
  {
    path: '/floor',
    openedBy: ['Manager', 'Receptionist', 'Therapist'],
    load: () => import('./routes/floor').then((m) => m.FloorRoute),
    nav: {
      label: 'Floor',
      icon: TableChartOutlined,
      places: ['main', 'bottom'],
      // The board's API answers these groups only (decision 0901); a Salesperson has nothing there.
      groups: ['Manager', 'Receptionist', 'Therapist'],
    },
  },
  // Rooms (Admins, Managers of the branch; the server enforces it): reached from the board's Rooms panel.
  {
    path: '/floor/rooms',
    openedBy: ['Manager'],
    load: () => import('../features/floor/components/rooms-screen').then((m) => m.RoomsScreen),
  },
  // Attendance per cutoff (Managers, Admins; the server scopes it): reached from the board's header.
  {
    path: '/floor/attendance',
    openedBy: ['Manager'],
    load: () => import('./routes/floor').then((m) => m.AttendanceRoute),
  },
  { path: '/clients/:clientId', load: () => import('./routes/client').then((m) => m.ClientRoute) },
  ADMIN_MENU_SCREEN,
  {
    path: '/notifications',
    load: () => import('./routes/notifications').then((m) => m.NotificationsRoute),
    nav: { label: 'Notifications', icon: NotificationsOutlined, places: ['main', 'bottom'] },
  },
  { path: '/profile', load: () => import('./routes/profile').then((m) => m.ProfileRoute) },
  // A location's daily report (Managers and Admins; the screen sends anyone else to the dashboard): decision 0611.
  {
    path: '/reports/daily/:location/:date',
    openedBy: ['Manager'],
    load: () => import('./routes/daily-report').then((m) => m.DailyReportRoute),
  },
  // The reports of a Manager's branches, outside /admin (decision 0504): sale lines, delete requests,
  // location sales. Its route reads the reports flag itself, as /payroll does (below).
  {
    path: '/reports',
    openedBy: ['Manager'],
    load: () => import('./routes/reports').then((m) => m.ManagerReportsRoute),
    // A Manager's drawer leads here, not only the dashboard's tiles (issue 34; decision 0627).
    nav: {
      label: 'Reports',
      icon: AssessmentOutlined,
      places: ['main'],
      groups: ['Manager'],
      flag: 'reports',
      notForAdmins: true,
    },
  },
  // The documents the terminals issued (issue 33; decisions 1015–1017): the branch's desk and Managers, Admins.
  {
    path: '/documents',
    openedBy: ['Manager', 'Receptionist'],
    load: () => import('./routes/documents').then((m) => m.DocumentsRoute),
    nav: { label: 'Documents', icon: ArticleOutlined, places: ['main'], groups: ['Manager', 'Receptionist'] },
  },
  // X and Z readings per terminal (issue 33; decision 1020): the desk takes X, the branch's Managers and Admins Z.
  {
    path: '/readings',
    openedBy: ['Manager', 'Receptionist'],
    load: () => import('./routes/readings').then((m) => m.ReadingsRoute),
    nav: { label: 'Readings', icon: ReceiptOutlined, places: ['main'], groups: ['Manager', 'Receptionist'] },
  },
  // The BIR books (issue 33; decisions 1022, 1035): a branch's Managers; Admins every branch, also from
  // "Tax and invoices". The server answers everyone else 403.
  {
    path: '/books',
    openedBy: ['Manager'],
    load: () => import('./routes/books').then((m) => m.BooksRoute),
    nav: { label: 'Books', icon: MenuBookOutlined, places: ['main'], groups: ['Manager'] },
  },
  // Pay runs of a Manager's branches and their statements, outside /admin (decision 0630). Their
  // route reads the payroll flag itself: the manifest's flag sends a non-admin screen to the
  // dashboard before the stored flags have loaded.
  {
    path: '/payroll',
    openedBy: ['Manager'],
    load: () => import('./routes/payroll').then((m) => m.PayrollRoute),
    nav: {
      label: 'Pay runs',
      icon: PaymentsOutlined,
      places: ['main'],
      groups: ['Manager'],
      flag: 'payroll',
      notForAdmins: true,
    },
  },
  {
    path: '/payroll/runs/:runId',
    openedBy: ['Manager'],
    load: () => import('./routes/payroll').then((m) => m.PayRunLinkRoute),
  },
  {
    path: '/payroll/runs/:runId/statement/:employeeId',
    openedBy: ['Manager'],
    load: () => import('./routes/payroll').then((m) => m.PayStatementRoute),
  },
  {
    path: '/admin/dashboard',
    adminOnly: true,
    flag: 'adminDashboard',
    load: () => import('./routes/admin/dashboard').then((m) => m.AdminDashboardRoute),
    // Not "Dashboard" (the drawer's first entry, everyone's own): decision 0627.
    nav: {
      label: 'Sales overview',
      icon: InsightsOutlined,
      places: ['admin'],
      description: 'Sales across locations at a glance',
    },
  },
  {
    path: '/admin/users',
    adminOnly: true,
    flag: 'users',
    load: () => import('./routes/admin/users').then((m) => m.UsersScreen),
    nav: {
      label: 'Users',
      icon: ManageAccountsOutlined,
      places: ['admin'],
      description: 'Sign-in accounts and their groups',
    },
  },
  {
    path: '/admin/employees',
    adminOnly: true,
    load: () => import('./routes/admin/employees').then((m) => m.EmployeesScreen),
    nav: {
      label: 'Employees',
      icon: BadgeOutlined,
      places: ['admin'],
      description: 'Salespersons, therapists and receptionists',
    },
  },
  {
    path: '/admin/clients',
    adminOnly: true,
    load: () => import('../features/clients/components/clients-admin-screen').then((m) => m.ClientsAdminScreen),
    // Not "Clients" (the main list's search, the desk's): decision 0627.
    nav: {
      label: 'Client records',
      icon: GroupsOutlined,
      places: ['admin'],
      description: 'Client records, memberships and vouchers',
    },
  },
  {
    path: '/admin/clients/:clientId',
    adminOnly: true,
    load: () => import('../features/clients/components/clients-admin-screen').then((m) => m.ClientAdminScreen),
  },
  {
    path: '/admin/locations',
    adminOnly: true,
    load: () => import('./routes/admin/locations').then((m) => m.LocationsScreen),
    nav: {
      label: 'Locations',
      icon: StorefrontOutlined,
      places: ['admin'],
      description: 'Branches, addresses and opening hours',
    },
  },
  {
    path: '/admin/invoicing',
    adminOnly: true,
    load: () => import('../features/invoicing/components/tax-screen').then((m) => m.TaxScreen),
    nav: {
      label: 'Tax and invoices',
      icon: ReceiptLongOutlined,
      places: ['admin'],
      description: "BIR registration facts and the desks' terminals",
    },
  },
  {
    path: '/admin/services',
    adminOnly: true,
    load: () => import('./routes/admin/services').then((m) => m.ServicesScreen),
    nav: {
      label: 'Services',
      icon: SpaOutlined,
      places: ['admin'],
      description: 'Treatments, memberships and their categories',
    },
  },
  {
    path: '/admin/services/memberships/:membershipId',
    adminOnly: true,
    load: () => import('./routes/admin/services').then((m) => m.MembershipScreen),
  },
  {
    path: '/admin/banks',
    adminOnly: true,
    flag: 'banks',
    load: () => import('./routes/admin/banks').then((m) => m.BanksScreen),
    nav: {
      label: 'Banks',
      icon: AccountBalanceOutlined,
      places: ['admin'],
      description: 'Payment channels for card and transfer',
    },
  },
  {
    path: '/admin/reports',
    adminOnly: true,
    flag: 'reports',
    load: () => import('./routes/admin/reports').then((m) => m.ReportsRoute),
    nav: {
      label: 'Reports',
      icon: AssessmentOutlined,
      places: ['admin'],
      description: 'Daily sales reports and approvals',
    },
  },
  {
    path: '/admin/payroll',
    adminOnly: true,
    flag: 'payroll',
    load: () => import('./routes/payroll').then((m) => m.PayrollRoute),
    nav: {
      label: 'Pay runs',
      icon: PaymentsOutlined,
      places: ['admin'],
      description: 'Commissions per cutoff, approvals, statements and rules',
    },
  },
  {
    path: '/admin/payroll/runs/:runId',
    adminOnly: true,
    flag: 'payroll',
    load: () => import('./routes/payroll').then((m) => m.PayRunLinkRoute),
  },
  {
    path: '/admin/settings',
    adminOnly: true,
    load: () => import('./routes/admin/settings').then((m) => m.SettingsScreen),
    nav: {
      label: 'Settings',
      icon: SettingsOutlined,
      places: ['admin'],
      description: 'Company name, logo, features and backups',
    },
  },
];
