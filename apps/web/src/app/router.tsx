import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { loadChunk } from '../lib/chunk';
import { paths } from '../config/paths';
import { FLAGS } from '../config/flags';
import { RedirectAfterLogin, RequireAdmin } from './layout/guard';
import { RouteFallback, RouteShell } from './layout/route-shell';
import { RouteError } from './routes/route-error';

/** A screen loaded on demand, failing with a ChunkLoadError after CHUNK_LOAD_TIMEOUT_MS. */
const lazyScreen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => {
    const module = await loadChunk(load);
    return { Component: pick(module) };
  };

const adminMenuScreen = lazyScreen(
  () => import('./routes/admin/menu'),
  (m) => m.AdminMenuRoute,
);

/** Signed in: the layout and its screens, each loaded on demand (SPEC.md §2). */
export const signedInRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RouteShell,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      { path: 'login', Component: RedirectAfterLogin },
      {
        lazy: lazyScreen(
          () => import('./layout/app-layout'),
          (m) => m.AppLayout,
        ),
        // Errors in a screen show inside the layout, so navigation stays usable.
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              {
                path: 'dashboard',
                lazy: lazyScreen(
                  () => import('./routes/dashboard'),
                  (m) => m.DashboardRoute,
                ),
              },
              {
                path: 'notifications',
                lazy: lazyScreen(
                  () => import('./routes/notifications'),
                  (m) => m.NotificationsRoute,
                ),
              },
              {
                path: 'profile',
                lazy: lazyScreen(
                  () => import('./routes/profile'),
                  (m) => m.ProfileRoute,
                ),
              },
              {
                path: 'clients',
                lazy: lazyScreen(
                  () => import('./routes/clients'),
                  (m) => m.ClientsRoute,
                ),
              },
              {
                path: 'clients/:clientId',
                lazy: lazyScreen(
                  () => import('./routes/client'),
                  (m) => m.ClientRoute,
                ),
              },
              {
                path: 'admin',
                Component: RequireAdmin,
                // Admin screens not built yet (employees, clients, …) show the admin menu until they are.
                children: [
                  { index: true, lazy: adminMenuScreen },
                  { path: 'menu', lazy: adminMenuScreen },
                  {
                    path: 'services',
                    lazy: lazyScreen(
                      () => import('../features/services/components/services-screen'),
                      (m) => m.ServicesScreen,
                    ),
                  },
                  {
                    path: 'services/memberships/:membershipId',
                    lazy: lazyScreen(
                      () => import('../features/services/components/services-screen'),
                      (m) => m.MembershipScreen,
                    ),
                  },
                  {
                    path: 'employees',
                    lazy: lazyScreen(
                      () => import('../features/employees/components/employees-screen'),
                      (m) => m.EmployeesScreen,
                    ),
                  },
                  {
                    path: 'clients',
                    lazy: lazyScreen(
                      () => import('../features/clients/components/clients-admin-screen'),
                      (m) => m.ClientsAdminScreen,
                    ),
                  },
                  {
                    path: 'clients/:clientId',
                    lazy: lazyScreen(
                      () => import('../features/clients/components/clients-admin-screen'),
                      (m) => m.ClientAdminScreen,
                    ),
                  },
                  {
                    path: 'locations',
                    lazy: lazyScreen(
                      () => import('../features/locations/components/locations-screen'),
                      (m) => m.LocationsScreen,
                    ),
                  },
                  {
                    path: 'settings',
                    lazy: lazyScreen(
                      () => import('../features/settings/components/settings-screen'),
                      (m) => m.SettingsScreen,
                    ),
                  },
                  // Behind build-time flags: with a flag off the path falls through to the admin menu.
                  ...(FLAGS.users
                    ? [
                        {
                          path: 'users',
                          lazy: lazyScreen(
                            () => import('../features/users/components/users-screen'),
                            (m) => m.UsersScreen,
                          ),
                        },
                      ]
                    : []),
                  ...(FLAGS.banks
                    ? [
                        {
                          path: 'banks',
                          lazy: lazyScreen(
                            () => import('../features/banks/components/banks-screen'),
                            (m) => m.BanksScreen,
                          ),
                        },
                      ]
                    : []),
                  ...(FLAGS.adminDashboard
                    ? [
                        {
                          path: 'dashboard',
                          lazy: lazyScreen(
                            () => import('./routes/admin/dashboard'),
                            (m) => m.AdminDashboardRoute,
                          ),
                        },
                      ]
                    : []),
                  ...(FLAGS.reports
                    ? [
                        {
                          path: 'reports',
                          lazy: lazyScreen(
                            () => import('./routes/admin/reports'),
                            (m) => m.ReportsRoute,
                          ),
                        },
                      ]
                    : []),
                  { path: '*', lazy: adminMenuScreen },
                ],
              },
              { path: '*', element: <Navigate to={paths.dashboard} replace /> },
            ],
          },
        ],
      },
    ],
  },
];
