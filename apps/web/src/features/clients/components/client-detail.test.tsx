import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { ClientDetail } from './client-detail';
import { liza, page, voucher } from './test-data';

const back = { to: '/dashboard', label: 'Back to the dashboard' };
const activity = {
  'GET /clients/treatments/': { status: 200, data: page([voucher()]) },
  'GET /clients/memberships/': { status: 200, data: page([]) },
  'GET /clients/arrivals/': { status: 200, data: page([]) },
};

describe('client detail', () => {
  it('shows the profile and the vouchers with sessions left and expiry', async () => {
    const calls = mockApi({ 'GET /clients/7/': { status: 200, data: liza }, ...activity });
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    expect(await screen.findByRole('heading', { name: 'Liza Soberano' })).toBeInTheDocument();
    expect(screen.getByText('+63 917 123 4567')).toBeInTheDocument();
    expect(screen.getByText('Makati')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Vouchers' }));
    const vouchers = await screen.findByRole('list', { name: 'vouchers' });
    expect(within(vouchers).getByText('V-000055 · Hilot')).toBeInTheDocument();
    expect(within(vouchers).getByText('2 of 3 sessions left · expires 31 Dec 2026')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toContain('/clients/treatments/?client=7&ordering=-created_at&pageSize=100');
  });

  it('shows empty tabs and remembers the tab in the address', async () => {
    mockApi({ 'GET /clients/7/': { status: 200, data: liza }, ...activity });
    const { router } = renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Memberships' }));
    expect(await screen.findByText('No memberships yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=memberships');
  });

  it('opens on the summary and the Arrivals tab, with the profile and History (the audit trail) last', async () => {
    mockApi({
      'GET /clients/7/': { status: 200, data: liza },
      ...activity,
      'GET /clients/7/history/': { status: 200, data: page([]) },
    });
    const { router } = renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    expect(await screen.findByText('No arrivals yet.')).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Arrivals', 'Vouchers', 'Memberships', 'Profile', 'History']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('');
    await userEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByText('liza@example.ph')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
  });

  it('remembers the opened client among the recent clients of the signed-in person', async () => {
    window.localStorage.clear();
    mockApi({ 'GET /clients/7/': { status: 200, data: liza }, ...activity });
    renderWithRouter(
      <ClientDetail clientId={7} mode="staff" back={back} desk={{ id: 31, locations: [2], admin: false }} />,
    );
    await screen.findByRole('heading', { name: 'Liza Soberano' });
    expect(JSON.parse(window.localStorage.getItem('ginhawa.recentClients.31') ?? '[]')).toEqual([
      { id: 7, full_name: 'Liza Soberano', location_name: 'Makati' },
    ]);
  });

  it('cancels an arrival logged by mistake after asking why; the voucher session comes back', async () => {
    const arrival = {
      id: 41,
      client: 7,
      date: '2026-06-01',
      time: '10:00',
      treatment_name: 'Hilot',
      therapist_name: 'Enrique Andrada',
      location_name: 'Makati',
      voucher_code: 'V-000055',
      notes: '',
      status: 'arrived',
      sale: null,
    };
    const calls = mockApi({
      'GET /clients/7/': { status: 200, data: liza },
      ...activity,
      'GET /clients/arrivals/': { status: 200, data: page([arrival]) },
      'PATCH /clients/arrivals/41/': { status: 200, data: { ...arrival, status: 'cancelled' } },
    });
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    // Cancel sits in the row's menu, not as red text on every visit.
    expect(screen.queryByRole('button', { name: /^Cancel arrival/ })).not.toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for the arrival of 1 Jun 2026, 10:00 am' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel arrival' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The session used from V-000055 comes back to the voucher.');
    await userEvent.click(within(dialog).getByLabelText(/^Reason/));
    await userEvent.paste('Wrong client');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel arrival' }));
    expect(await screen.findByText('Arrival cancelled; the session of V-000055 is back.')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(String(patch.data))).toEqual({ status: 'cancelled', notes: 'Cancelled: Wrong client' });
  });

  describe('a visit paid at the desk and by its reservation’s deposit', () => {
    const line = (id: number, net: string, method: string) => ({ id, net_amount: net, payment_method: method });
    const arrival = {
      id: 42,
      client: 7,
      date: '2026-06-01',
      time: '11:00',
      treatment_name: 'Hilot',
      therapist_name: 'Enrique Andrada',
      location_name: 'Makati',
      voucher_code: null,
      notes: '',
      status: 'arrived',
      sale: line(90, '850.00', 'cash'),
      deposit_sale: line(91, '500.00', 'card'),
    };
    const open = async (deletion: { status: number; data: unknown }) => {
      const calls = mockApi({
        'GET /clients/7/': { status: 200, data: liza },
        ...activity,
        'GET /clients/arrivals/': { status: 200, data: page([arrival]) },
        'POST /reports/delete-sales-data/': deletion,
        'PATCH /clients/arrivals/42/': { status: 200, data: { ...arrival, status: 'cancelled' } },
      });
      renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
      await userEvent.click(
        await screen.findByRole('button', { name: 'Actions for the arrival of 1 Jun 2026, 11:00 am' }),
      );
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Cancel arrival' }));
      return { calls, dialog: await screen.findByRole('dialog', { name: 'Cancel a paid arrival?' }) };
    };

    it('asks, with a reason, for both sale lines to be deleted, since the arrival can go only after them', async () => {
      const { calls, dialog } = await open({
        status: 202,
        data: {
          result: 'requested',
          deleted: 0,
          message: 'Your request to delete these sales was sent to the administrators and managers for approval.',
        },
      });
      expect(dialog).toHaveTextContent(
        "was paid at the desk: sales #90 (₱850.00) and #91 (₱500.00) are on the day's sales. They are deleted when",
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ask to delete the sales' }));
      expect(await within(dialog).findByText('Say why these sales are deleted.')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

      await userEvent.click(within(dialog).getByLabelText(/^Reason/));
      await userEvent.paste('Logged on the wrong client');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ask to delete the sales' }));
      expect(
        await screen.findByText(
          'Your request to delete these sales was sent to the administrators and managers for approval. Once it is approved, cancel the arrival here.',
        ),
      ).toBeInTheDocument();
      const post = calls.find((c) => c.method === 'POST')!;
      expect(JSON.parse(String(post.data))).toEqual({ ids: [90, 91], reason: 'Logged on the wrong client' });
      // Still on the books until approved: the arrival stands.
      expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    });

    it('for an Admin, deletes the lines and cancels the arrival in one step', async () => {
      const { calls, dialog } = await open({
        status: 200,
        data: { result: 'deleted', deleted: 2, message: 'Deleted 2 sales.' },
      });
      await userEvent.click(within(dialog).getByLabelText(/^Reason/));
      await userEvent.paste('Logged on the wrong client');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Ask to delete the sales' }));
      expect(await screen.findByText('Sale deleted and arrival cancelled.')).toBeInTheDocument();
      const patch = calls.find((c) => c.method === 'PATCH')!;
      expect(JSON.parse(String(patch.data))).toEqual({
        status: 'cancelled',
        notes: 'Cancelled: Logged on the wrong client',
      });
    });
  });

  it('offers edit and deactivate only in admin mode', async () => {
    mockApi({ 'GET /clients/7/': { status: 200, data: liza }, ...activity });
    const { unmount } = renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    await screen.findByRole('heading', { name: 'Liza Soberano' });
    expect(screen.getByRole('button', { name: 'Log arrival' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
    unmount();
    renderWithRouter(<ClientDetail clientId={7} mode="admin" back={back} />);
    await screen.findByRole('heading', { name: 'Liza Soberano' });
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('deactivates after asking', async () => {
    const calls = mockApi({
      'GET /clients/7/': { status: 200, data: liza },
      'PATCH /clients/7/': { status: 200, data: { ...liza, is_active: false } },
      ...activity,
    });
    renderWithRouter(<ClientDetail clientId={7} mode="admin" back={back} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Liza Soberano deactivated.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.data).toBe(JSON.stringify({ is_active: false }));
  });

  it('says the client was not found on a 404', async () => {
    mockApi({ 'GET /clients/7/': { status: 404, data: { message: 'Not found.' } } });
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('does not fetch an id that cannot exist', () => {
    const calls = mockApi({});
    renderWithRouter(<ClientDetail clientId={null} mode="staff" back={back} />);
    expect(screen.getByRole('heading', { name: 'Client not found' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows other errors with the server's message and a retry", async () => {
    mockApi({ 'GET /clients/7/': { status: 403, data: { message: 'You do not have permission to do this.' } } });
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    expect(await screen.findByRole('heading', { name: 'This client could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a tab that failed with its own retry', async () => {
    mockApi({
      'GET /clients/7/': { status: 200, data: liza },
      'GET /clients/treatments/': { status: 500, data: { message: 'Database unavailable.' } },
    });
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Vouchers' }));
    expect(await screen.findByRole('heading', { name: 'The vouchers could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable.')).toBeInTheDocument();
  });
});
