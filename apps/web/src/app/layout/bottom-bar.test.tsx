import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toUser } from '../../features/auth/api/get-my-data';
import { mockApi } from '../../test/api-mock';
import { adminData, therapistData } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render';
import { BottomBar } from './bottom-bar';

const renderBar = (data = therapistData, onLogout = vi.fn()) => {
  const { router } = renderWithRouter(<BottomBar user={toUser(data)} onLogout={onLogout} />, { path: '/dashboard' });
  return { bar: screen.getByRole('navigation', { name: 'Bottom navigation' }), onLogout, router };
};

describe('bottom bar', () => {
  beforeEach(() => {
    mockApi({ 'GET /notifications/': { status: 200, data: { count: 4, next: null, previous: null, results: [] } } });
  });

  it('shows staff Dashboard, Clients, Floor, Notifications and their user menu, without Admin', () => {
    const { bar } = renderBar();
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Clients', 'Floor', expect.stringContaining('Notifications')]);
    expect(within(bar).getByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/clients');
    expect(within(bar).getByRole('button', { name: 'Maria: Account menu for Maria Santos' })).toHaveTextContent(
      'Maria',
    );
  });

  it("leaves out Floor for a Salesperson, whom the board's API refuses", () => {
    const { bar } = renderBar({ ...therapistData, groups: ['Salesperson'] });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Clients', expect.stringContaining('Notifications')]);
  });

  it('puts Admin between Floor and Notifications for admins', () => {
    const { bar } = renderBar(adminData);
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Clients',
      'Floor',
      'Admin',
      expect.stringContaining('Notifications'),
    ]);
    expect(links[3]).toHaveAttribute('href', '/admin/menu');
  });

  it('shows the unread count on Notifications', async () => {
    const { bar } = renderBar();
    const notifications = within(bar).getByRole('link', { name: /Notifications/ });
    expect(notifications).toHaveAttribute('href', '/notifications');
    expect(await within(notifications).findByText('4')).toBeInTheDocument();
  });

  it('offers Profile and Logout in the user menu', async () => {
    const { bar, onLogout, router } = renderBar();
    await userEvent.click(within(bar).getByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(router.state.location.pathname).toBe('/profile');

    await userEvent.click(within(bar).getByRole('button', { name: /Account menu/ }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("closes the user menu on the phone's Back and stays on the page", async () => {
    const { bar, router } = renderBar();
    await userEvent.click(within(bar).getByRole('button', { name: /Account menu/ }));
    await screen.findByRole('menu');
    await waitFor(() => expect(window.history.state?.ginhawaDialog).toBeDefined());
    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
