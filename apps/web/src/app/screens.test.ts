import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { SCREENS, type NavPlace } from './screens';
import { ADMIN_NAV, BOTTOM_NAV, MAIN_NAV, type NavItem } from './layout/nav-items';

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
      paths.readings,
      paths.books,
      paths.payStatement(4, 9),
      paths.floorAttendance,
      ...Object.values(paths.admin).map((path) => (typeof path === 'string' ? path : path(7))),
    ].filter((path) => path !== paths.admin.root);
    expect(links).toHaveLength(25);
    for (const link of links)
      expect(
        patterns.some((pattern) => matchPath(pattern, link)),
        link,
      ).toBe(true);
  });

  // The manifest owns the order (its entries' order is the navigation's): this checks that each
  // navigation follows it and what each entry carries, not an order a new screen would have to edit.
  it("gives each navigation the manifest's entries of its place, in the manifest's order", () => {
    const inPlace = (place: NavPlace) =>
      SCREENS.filter((screen) => screen.nav?.places.includes(place)).map((screen) => screen.path);
    expect(MAIN_NAV.map((item) => item.path)).toEqual(inPlace('main'));
    expect(BOTTOM_NAV.map((item) => item.path)).toEqual(inPlace('bottom'));
    expect(ADMIN_NAV.map((item) => item.path)).toEqual(inPlace('admin'));
    expect(MAIN_NAV[0]?.path).toBe('/dashboard');
    expect(BOTTOM_NAV[0]?.path).toBe('/dashboard');
    const entry = (items: readonly NavItem[], path: string) => {
      const item = items.find((i) => i.path === path);
      return item && [item.label, item.flag ?? null, Boolean(item.notForAdmins), Boolean(item.adminOnly)];
    };
    expect(entry(MAIN_NAV, '/reports')).toEqual(['Reports', 'reports', true, false]);
    expect(entry(MAIN_NAV, '/payroll')).toEqual(['Pay runs', 'payroll', true, false]);
    expect(entry(MAIN_NAV, '/books')).toEqual(['Books', null, false, false]);
    expect(entry(BOTTOM_NAV, '/admin/menu')).toEqual(['Admin', null, false, true]);
    expect(entry(ADMIN_NAV, '/admin/banks')).toEqual(['Banks', 'banks', false, true]);
    expect(entry(ADMIN_NAV, '/admin/dashboard')).toEqual(['Sales overview', 'adminDashboard', false, true]);
    expect(ADMIN_NAV.every((item) => item.adminOnly && item.description)).toBe(true);
    // An Admin's drawer shows both lists: no label twice (issue 34).
    const adminDrawer = [...MAIN_NAV.filter((item) => !item.notForAdmins), ...ADMIN_NAV].map((item) => item.label);
    expect(new Set(adminDrawer).size).toBe(adminDrawer.length);
  });
});
