import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, manilaDate, periodContaining, type Leaderboard, type PersonalSales } from '@ginhawa/contract';
import {
  arrivalsKey,
  dailySalesReportKey,
  leaderboardKey,
  mySalesKey,
  personalSalesKey,
  submittedReportsKey,
} from '../../features/dashboard/api/get-reports-data';
import type { User } from '../../features/auth/api/get-my-data';
import { LiveNotificationsProvider } from '../../features/notifications/live/live-notifications';
import { mockApi, okPage } from '../../test/api-mock';
import { createFakeLiveClient } from '../../test/fake-live-client';
import { aLeaderboardEntry, aNotification, anApprovalRequest, leaCruz } from '../../test/fixtures';
import { renderWithRouter } from '../../test/render';
import { formatDate } from '../../lib/format';
import { liza, services } from '../../features/clients/components/test-data';
import { DashboardRoute } from './dashboard';

const today = manilaDate(new Date());
const period = periodContaining(today);

const personal = (total: string): PersonalSales => ({
  salesperson: 7,
  salesperson_name: 'Lea Cruz',
  location: 1,
  location_name: 'Makati',
  month: period.month,
  year: period.year,
  days: [],
  cutoffs: [
    { cutoff: period.cutoff, date_from: today, date_to: today, total, count: 1, target: '0.00', share_of_target: null },
  ],
  total,
  count: 1,
  target: '0.00',
  share_of_target: null,
});
const entry = aLeaderboardEntry;
const board = (results: Leaderboard['results']): Leaderboard => ({
  ...period,
  date_from: today,
  date_to: today,
  results,
});

const renderDashboard = (groups: string[], who: Partial<User> = {}) => {
  const live = createFakeLiveClient();
  renderWithRouter(
    <LiveNotificationsProvider client={live.client}>
      <DashboardRoute />
    </LiveNotificationsProvider>,
    { user: { ...leaCruz(groups), ...who } },
  );
  return live;
};

/** The manager tiles' reads when the viewer has no location: every day empty, nothing submitted. */
const noLocations = () => ({
  [`GET ${dailySalesReportKey(today)}`]: { status: 200, data: { date: today, locations: [] } },
  [`GET ${dailySalesReportKey(addDays(today, -1))}`]: { status: 200, data: { date: today, locations: [] } },
  [`GET ${dailySalesReportKey(addDays(today, -7))}`]: { status: 200, data: { date: today, locations: [] } },
  [`GET ${submittedReportsKey}`]: okPage([]),
});

describe('/dashboard', () => {
  it("a salesperson's figures, rank and latest sales move when a leaderboard_changed frame arrives, with no polling", async () => {
    let after = false;
    const calls = mockApi({
      'GET /salespersons/by-user/20/': { status: 200, data: { id: 7 } },
      [`GET ${personalSalesKey(7, period.month, period.year)}`]: () => ({
        status: 200,
        data: personal(after ? '10500.00' : '9000.00'),
      }),
      [`GET ${leaderboardKey(period.month, period.year, period.cutoff)}`]: () => ({
        status: 200,
        data: board(
          after
            ? [entry(1, 7, 'Lea Cruz', '10500.00'), entry(2, 5, 'Ana Reyes', '9500.00')]
            : [entry(1, 5, 'Ana Reyes', '9500.00'), entry(2, 7, 'Lea Cruz', '9000.00')],
        ),
      }),
      [`GET ${mySalesKey(7)}`]: () =>
        okPage(
          after
            ? [
                {
                  id: 2,
                  date: today,
                  location_name: 'Makati',
                  kind: 'walk_in',
                  reference: 'OR-2',
                  net_amount: '1500.00',
                },
              ]
            : [],
        ),
    });
    const live = renderDashboard(['Salesperson']);
    expect(await screen.findByTestId('my-rank')).toHaveTextContent('You are #2 of 2');
    expect(screen.getByText('₱500.00 more to reach #1')).toBeInTheDocument();
    expect(await screen.findByText('No sales yet')).toBeInTheDocument();
    const before = calls.length;

    after = true;
    act(() => live.emit({ action: 'leaderboard_changed', month: period.month, year: period.year, dates: [today] }));
    await waitFor(() => expect(screen.getByTestId('my-rank')).toHaveTextContent('You are #1 of 2'));
    await waitFor(() => expect(screen.getByTestId('figure-This month')).toHaveTextContent('₱10,500.00'));
    expect(await screen.findByText(`${formatDate(today)} · Makati`)).toBeInTheDocument();
    // One refetch per report on screen; the employee record is not asked again.
    expect(
      calls
        .slice(before)
        .map((c) => c.url)
        .sort(),
    ).toEqual(
      [
        leaderboardKey(period.month, period.year, period.cutoff),
        mySalesKey(7),
        personalSalesKey(7, period.month, period.year),
      ].sort(),
    );
  });

  it("a therapist sees today's arrivals assigned to them, and the latest notifications", async () => {
    const calls = mockApi({
      'GET /therapists/by-user/20/': { status: 200, data: { id: 3 } },
      [`GET ${arrivalsKey(today, { therapist: 3 })}`]: okPage([
        { id: 1, time: '10:15:00', client_name: 'Maria Lopez', treatment_name: 'Hilot', therapist_name: 'Lea Cruz' },
      ]),
    });
    const live = renderDashboard(['Therapist']);
    // The tile first looks up my therapist record, then asks for my arrivals by its id.
    await screen.findByText('Maria Lopez');
    expect(calls.map((c) => c.url)).toContain(arrivalsKey(today, { therapist: 3 }));
    const tile = screen.getByRole('region', { name: 'My arrivals today' });
    expect(within(tile).getByText('Hilot')).toBeInTheDocument();
    act(() =>
      live.emit({
        action: 'user_notifications',
        notifications: [aNotification({ link: '/clients/4' })],
        unread_count: 1,
      }),
    );
    expect(await screen.findByRole('link', { name: /Staff meeting/ })).toHaveAttribute('href', '/clients/4');
    expect(screen.queryByRole('region', { name: 'Sales at my locations' })).not.toBeInTheDocument();
  });

  it("a receptionist sees today's arrivals at their location with the therapist", async () => {
    mockApi({
      [`GET ${arrivalsKey(today, { location: 1 })}`]: okPage([
        { id: 1, time: '10:15:00', client_name: 'Maria Lopez', treatment_name: null, therapist_name: 'Joy Santos' },
      ]),
    });
    renderDashboard(['Receptionist']);
    const tile = await screen.findByRole('region', { name: 'Arrivals at Makati today' });
    expect(await within(tile).findByText('No treatment named · Joy Santos')).toBeInTheDocument();
  });

  it('the front desk logs an arrival straight from the client search (active clients only)', async () => {
    mockApi({
      [`GET ${arrivalsKey(today, { location: 1 })}`]: okPage([]),
      'GET /clients/search/': {
        status: 200,
        data: { results: [liza, { ...liza, id: 8, full_name: 'Liza Old', is_active: false }] },
      },
      'GET /clients/7/services/': { status: 200, data: services() },
      'GET /locations/': okPage([{ id: 2, name: 'Makati', is_active: true }]),
      'GET /services/treatments/': okPage([{ id: 3, name: 'Hilot' }]),
      'GET /therapists/': okPage([]),
    });
    renderDashboard(['Receptionist']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a client' }), 'liza');
    const found = await screen.findByRole('list', { name: 'Clients found' });
    expect(within(found).getAllByRole('button', { name: /^Log arrival for/ })).toHaveLength(1);
    await userEvent.click(
      within(found).getByRole('button', { name: `Log arrival for ${liza.full_name}, mobile ending 4567` }),
    );
    expect(await screen.findByRole('dialog', { name: `Log arrival · ${liza.full_name}` })).toBeInTheDocument();
  });

  it('a salesperson finds a client by opening the record: no Log arrival beside it', async () => {
    mockApi({
      'GET /salespersons/by-user/20/': { status: 404, data: { message: 'No such salesperson.' } },
      'GET /clients/search/': { status: 200, data: { results: [liza] } },
    });
    renderDashboard(['Salesperson']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a client' }), 'liza');
    const found = await screen.findByRole('list', { name: 'Clients found' });
    expect(within(found).getByRole('link', { name: /Liza/ })).toHaveAttribute('href', '/clients/7');
    expect(within(found).queryByRole('button', { name: /Log arrival/ })).not.toBeInTheDocument();
  });

  it('a manager sees location sales, reports to approve and delete requests waiting on them', async () => {
    mockApi(noLocations());
    const live = renderDashboard(['Manager']);
    expect(await screen.findByText('No locations to show')).toBeInTheDocument();
    expect(screen.getAllByText('Ask an administrator to assign you the locations you manage.')).toHaveLength(2);
    expect(await screen.findByText('Nothing to approve')).toBeInTheDocument();
    act(() =>
      live.emit({
        action: 'user_notifications',
        notifications: [
          anApprovalRequest({ id: 5, type: 'delete_sales', title: 'Sales deletion request', link: '/admin/reports' }),
          anApprovalRequest({ id: 6, type: 'delete_sales', title: 'Decided already', is_approved: true }),
        ],
        unread_count: 2,
      }),
    );
    const tile = screen.getByRole('region', { name: 'Pending delete requests' });
    expect(await within(tile).findByRole('link', { name: /Sales deletion request/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(within(tile).queryByText('Decided already')).not.toBeInTheDocument();
  });

  it('an Admin of a new business with no location yet is told where to add them, not to ask an administrator', async () => {
    mockApi(noLocations());
    // A real business's first admin has no name until the owner gives one (decision 0016).
    renderDashboard(['Admin'], { username: 'admin', firstName: '', lastName: '' });
    expect(screen.getByText(/^Good (morning|afternoon|evening), admin$/)).toBeInTheDocument();
    expect(await screen.findByText('No locations to show')).toBeInTheDocument();
    expect(await screen.findAllByText('No locations yet: an Admin adds them under Admin → Locations.')).toHaveLength(2);
    expect(screen.queryByText(/Ask an administrator/)).not.toBeInTheDocument();
  });
});
