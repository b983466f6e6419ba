import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { SCREENS } from './screens';
import { ADMIN_NAV, BOTTOM_NAV, MAIN_NAV } from './layout/nav-items';

const patterns = SCREENS.map((screen) => screen.path);

describe('screens manifest', () => {
  it('puts exactly the admin-only screens under /admin/, each path once', () => {
    for (const screen of SCREENS)
      expect(screen.path.startsWith('/admin/'), screen.path).toBe(Boolean(screen.adminOnly));
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('shows an entry only to people who may open its screen (openedBy)', () => {
    for (const screen of SCREENS) {
      if (!screen.nav?.groups) continue;
      expect(screen.openedBy, screen.path).toBeDefined();
      for (const group of screen.nav.groups) expect(screen.openedBy, screen.path).toContain(group);
    }
    expect(SCREENS.find((screen) => screen.path === '/reports')?.openedBy).toEqual(['Manager']);
  });

  it('has a screen for every path the panel links to (config/paths.ts)', () => {
    const links = [
      paths.dashboard,
      paths.notifications,
      paths.profile,
      paths.clients,
      paths.client(7),
      paths.dailyReport(3, '2026-11-24'),
      paths.payroll,
      paths.documents,
      paths.payStatement(4, 9),
      paths.floorAttendance,
      ...Object.values(paths.admin).map((path) => (typeof path === 'string' ? path : path(7))),
    ].filter((path) => path !== paths.admin.root);
    expect(links).toHaveLength(23);
    for (const link of links)
      expect(
        patterns.some((pattern) => matchPath(pattern, link)),
        link,
      ).toBe(true);
  });

  it('gives each navigation its entries in the documented order', () => {
    expect(MAIN_NAV.map((item) => [item.label, item.path, item.flag ?? null, Boolean(item.notForAdmins)])).toEqual([
      ['Dashboard', '/dashboard', null, false],
      ['Clients', '/clients', null, false],
      ['Floor', '/floor', null, false],
      ['Notifications', '/notifications', null, false],
      ['Reports', '/reports', 'reports', true],
      ['Documents', '/documents', null, false],
      ['Pay runs', '/payroll', 'payroll', true],
    ]);
    expect(BOTTOM_NAV.map((item) => [item.label, item.path, Boolean(item.adminOnly)])).toEqual([
      ['Dashboard', '/dashboard', false],
      ['Clients', '/clients', false],
      ['Floor', '/floor', false],
      ['Admin', '/admin/menu', true],
      ['Notifications', '/notifications', false],
    ]);
    expect(ADMIN_NAV.map((item) => [item.label, item.path, item.flag ?? null])).toEqual([
      ['Sales overview', '/admin/dashboard', 'adminDashboard'],
      ['Users', '/admin/users', 'users'],
      ['Employees', '/admin/employees', null],
      ['Client records', '/admin/clients', null],
      ['Locations', '/admin/locations', null],
      ['Tax and invoices', '/admin/invoicing', null],
      ['Services', '/admin/services', null],
      ['Banks', '/admin/banks', 'banks'],
      ['Reports', '/admin/reports', 'reports'],
      ['Pay runs', '/admin/payroll', 'payroll'],
      ['Settings', '/admin/settings', null],
    ]);
    expect(ADMIN_NAV.every((item) => item.adminOnly && item.description)).toBe(true);
    // An Admin's drawer shows both lists: no label twice (issue 34).
    const adminDrawer = [...MAIN_NAV.filter((item) => !item.notForAdmins), ...ADMIN_NAV].map((item) => item.label);
    expect(new Set(adminDrawer).size).toBe(adminDrawer.length);
  });
});
