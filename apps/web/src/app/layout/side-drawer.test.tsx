import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toUser } from '../../features/auth/api/get-my-data';
import { ADMIN_ENTRIES_ALL_FLAGS, ADMIN_ENTRIES_NO_FLAGS } from '../../test/admin-nav';
import { mockApi } from '../../test/api-mock';
import { adminData, managerData, therapistData } from '../../test/fixtures';
import { renderWithRouter, setViewportWidth } from '../../test/render';
import { SideDrawer } from './side-drawer';
import { FLAGS as flags } from '../../config/flags';

// The real flags object, set per test and put back after the file: the web project shares modules
// between files (isolate: false in vite.config.ts), so a module mock would not reach a cached screen.
const buildFlags = { ...flags };
afterAll(() => Object.assign(flags, buildFlags));

const linkNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.textContent || link.getAttribute('aria-label'));

const renderDrawer = (data = therapistData, onLogout = vi.fn()) => {
  renderWithRouter(<SideDrawer user={toUser(data)} onLogout={onLogout} />, { path: '/dashboard' });
  return { drawer: screen.getByRole('navigation', { name: 'Side navigation' }), onLogout };
};

describe('side drawer', () => {
  beforeEach(() => {
    Object.assign(flags, { banks: false, adminDashboard: false, reports: false, users: false, payroll: false });
    mockApi({ 'GET /notifications/': { status: 200, data: { count: 3, next: null, previous: null, results: [] } } });
    setViewportWidth(1280);
  });

  it('shows the main items, the profile entry and Logout to staff, and no Admin section', () => {
    const { drawer } = renderDrawer();
    expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(drawer).getByRole('link', { name: /Notifications/ })).toHaveAttribute('href', '/notifications');
    expect(within(drawer).queryByRole('list', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(drawer).queryByText('Employees')).not.toBeInTheDocument();
    const profile = within(drawer).getByRole('link', { name: /Maria Santos/ });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(profile).toHaveTextContent('Therapist');
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows Floor to the floor staff and not to a Salesperson', () => {
    const { drawer } = renderDrawer();
    expect(within(drawer).getByRole('link', { name: 'Floor' })).toHaveAttribute('href', '/floor');
    cleanup();
    const seller = renderDrawer({ ...therapistData, groups: ['Salesperson'] });
    expect(within(seller.drawer).queryByRole('link', { name: 'Floor' })).not.toBeInTheDocument();
    expect(within(seller.drawer).getByRole('link', { name: 'Clients' })).toBeInTheDocument();
  });

  it('shows admins the Admin section without the flagged entries while flags are off', () => {
    const { drawer } = renderDrawer(adminData);
    expect(linkNames(within(drawer).getByRole('list', { name: 'Admin' }))).toEqual(ADMIN_ENTRIES_NO_FLAGS);
    expect(ADMIN_ENTRIES_NO_FLAGS).toContain('Settings');
    expect(ADMIN_ENTRIES_NO_FLAGS).not.toContain('Banks');
    expect(within(drawer).getByRole('link', { name: /Ana Reyes/ })).toHaveTextContent('Admin');
  });

  it('adds the flagged admin entries when their flags are on', () => {
    Object.assign(flags, { banks: true, adminDashboard: true, reports: true, users: true, payroll: true });
    const { drawer } = renderDrawer(adminData);
    expect(linkNames(within(drawer).getByRole('list', { name: 'Admin' }))).toEqual(ADMIN_ENTRIES_ALL_FLAGS);
    // Every entry of an Admin's drawer once: no second Dashboard, Clients, Reports or Pay runs (issue 34).
    const all = linkNames(drawer).filter((name) => !name?.includes('Ana Reyes'));
    expect(all.filter((name, i) => all.indexOf(name) !== i)).toEqual([]);
  });

  it('gives a Manager Reports and Pay runs while their flags are on, and no one else', () => {
    Object.assign(flags, { reports: true, payroll: true });
    const manager = renderDrawer(managerData);
    expect(within(manager.drawer).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
    expect(within(manager.drawer).getByRole('link', { name: 'Pay runs' })).toHaveAttribute('href', '/payroll');
    expect(within(manager.drawer).getByRole('link', { name: 'Readings' })).toHaveAttribute('href', '/readings');
    expect(within(manager.drawer).queryByRole('list', { name: 'Admin' })).not.toBeInTheDocument();
    cleanup();
    const therapist = renderDrawer(therapistData);
    expect(within(therapist.drawer).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(within(therapist.drawer).queryByRole('link', { name: 'Pay runs' })).not.toBeInTheDocument();
    expect(within(therapist.drawer).queryByRole('link', { name: 'Readings' })).not.toBeInTheDocument();
    cleanup();
    Object.assign(flags, { reports: false, payroll: false });
    const off = renderDrawer(managerData);
    expect(within(off.drawer).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(within(off.drawer).queryByRole('link', { name: 'Pay runs' })).not.toBeInTheDocument();
  });

  it('keeps every entry in its own list item, expanded and icons only (a <ul> holds only <li>s)', () => {
    for (const width of [1280, 800]) {
      setViewportWidth(width);
      const { drawer } = renderDrawer(adminData);
      for (const list of within(drawer).getAllByRole('list'))
        for (const child of list.children) expect(child.tagName).toBe('LI');
      expect(drawer.querySelectorAll('ul > a, ul > hr, ul > div')).toHaveLength(0);
      cleanup();
    }
  });

  it('shows one flagged entry alone when only its flag is on', () => {
    flags.banks = true;
    const { drawer } = renderDrawer(adminData);
    const names = linkNames(within(drawer).getByRole('list', { name: 'Admin' }));
    expect(names).toContain('Banks');
    expect(names).not.toContain('Reports');
  });

  it('shows icons only, with names for assistive technology, below the md breakpoint', () => {
    setViewportWidth(800);
    const { drawer } = renderDrawer(adminData);
    expect(within(drawer).queryByText('Employees')).not.toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Employees' })).toHaveAttribute('href', '/admin/employees');
    expect(within(drawer).getByRole('link', { name: 'Ana Reyes, Admin' })).toHaveAttribute('href', '/profile');
  });

  it('calls logout from the Logout entry', async () => {
    const { drawer, onLogout } = renderDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
