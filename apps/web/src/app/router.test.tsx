import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { adminData } from '../test/fixtures';
import { renderApp } from '../test/render';
import { FLAGS as flags } from '../config/flags';

// The real flags object, set per test and put back after the file: the web project shares modules
// between files (isolate: false in vite.config.ts), so a module mock would not reach a cached screen.
const buildFlags = { ...flags };
afterAll(() => Object.assign(flags, buildFlags));

const signedInAdmin = (features: Record<string, boolean> = {}) => {
  document.cookie = 'csrftoken=test-csrf-token; path=/';
  return mockApi({
    'GET /configurations/settings/': { status: 200, data: { company_name: 'Lotus Spa', logoUrl: null, features } },
    'GET /users/my_data/': { status: 200, data: adminData },
    'GET /notifications/': { status: 200, data: { count: 0, next: null, previous: null, results: [] } },
  });
};

describe('routes from the screens manifest', () => {
  beforeEach(() => Object.assign(flags, { banks: false, adminDashboard: false, reports: false, users: false }));
  afterEach(() => {
    document.cookie = 'csrftoken=; path=/; max-age=0';
  });

  it('shows the admin menu at a flagged screen’s path while its flag is off, without its entry', async () => {
    signedInAdmin();
    renderApp('/admin/banks');
    const menu = await screen.findByRole('list', { name: 'Admin menu' });
    expect(within(menu).queryByRole('link', { name: /Banks/ })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /Employees/ })).toHaveAttribute('href', '/admin/employees');
    expect(screen.queryByRole('heading', { name: 'Banks' })).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/banks');
  });

  it('names the admin screens switched off and links to where they are turned on (decision 0016)', async () => {
    flags.payroll = false;
    signedInAdmin({ users: true });
    renderApp('/admin/menu');
    await screen.findByRole('list', { name: 'Admin menu' });
    const note = await screen.findByText(/^Switched off for now:/);
    expect(note.closest('[role="alert"]')).toHaveTextContent(
      'Switched off for now: Admin dashboard, Banks, Reports, Pay runs. Turn them on under Settings → Features.',
    );
    expect(screen.getByRole('link', { name: 'Settings → Features' })).toHaveAttribute('href', '/admin/settings');
  });

  it('says nothing is switched off once every admin screen is on', async () => {
    signedInAdmin({ users: true, banks: true, reports: true, admin_dashboard: true, payroll: true });
    renderApp('/admin/menu');
    const menu = await screen.findByRole('list', { name: 'Admin menu' });
    expect(await within(menu).findByRole('link', { name: /Pay runs/ })).toBeInTheDocument();
    expect(screen.queryByText(/Switched off/)).not.toBeInTheDocument();
  });

  it('shows the flagged screen while its flag is on', async () => {
    flags.banks = true;
    signedInAdmin();
    renderApp('/admin/banks');
    expect(await screen.findByRole('heading', { name: 'Banks' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Admin menu' })).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/admin/banks');
  });

  it('routes an unflagged admin screen to its component', async () => {
    signedInAdmin();
    renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });

  it('follows the flags an Admin stored in Settings over the build-time values (decision 0610)', async () => {
    flags.reports = true;
    signedInAdmin({ banks: true, reports: false });
    renderApp('/admin/banks');
    expect(await screen.findByRole('heading', { name: 'Banks' })).toBeInTheDocument();
    const drawer = screen.getAllByRole('navigation')[0]!;
    expect(within(drawer).getByRole('link', { name: /Banks/ })).toHaveAttribute('href', '/admin/banks');
    expect(within(drawer).queryByRole('link', { name: /Reports/ })).not.toBeInTheDocument();
  });
});
