import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClientHistoryEntry } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { HistoryTab } from './client-history';
import { page } from './test-data';

const entry = (overrides: Partial<ClientHistoryEntry> = {}): ClientHistoryEntry => ({
  id: 2,
  at: '2026-11-20T02:30:00.000Z',
  actor: 3,
  actor_name: 'Maria Santos',
  action: 'update',
  table: 'clients',
  changes: [
    { field: 'phone', before: '+639171234567', after: '+639181234567' },
    { field: 'updated_at', before: '2026-11-19T00:00:00.000Z', after: '2026-11-20T02:30:00.000Z' },
  ],
  ...overrides,
});
const created = entry({
  id: 1,
  action: 'create',
  actor_name: 'Admin User',
  changes: [
    { field: 'id', before: null, after: 7 },
    { field: 'first_name', before: null, after: 'Liza' },
    { field: 'address', before: null, after: '' },
    { field: 'is_active', before: null, after: true },
  ],
});
const url = (p: number) => `/clients/7/history/?page=${p}&pageSize=25`;

describe('client history tab', () => {
  it('lists who changed what and when, newest first', async () => {
    const calls = mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([entry(), created]) } });
    renderWithRouter(<HistoryTab clientId={7} />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [update, create] = within(list).getAllByRole('listitem');
    expect(within(update!).getByText('Profile changed by Maria Santos')).toBeInTheDocument();
    expect(within(update!).getByText('Phone: +63 917 123 4567 → +63 918 123 4567')).toBeInTheDocument();
    expect(within(update!).getByText('20 Nov 2026, 10:30 am')).toBeInTheDocument();
    expect(within(update!).queryByText(/Updated at/)).not.toBeInTheDocument();
    expect(within(create!).getByText('Profile created by Admin User')).toBeInTheDocument();
    expect(within(create!).getByText('First name: Liza')).toBeInTheDocument();
    expect(within(create!).getByText('Active: Yes')).toBeInTheDocument();
    expect(within(create!).queryByText(/Address|Id:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([url(1)]);
  });

  it("names a visit's branch as its location and a client's as their home", async () => {
    const visit = entry({
      id: -11,
      action: 'create',
      table: 'client_arrivals',
      actor_name: 'System',
      changes: [
        { field: 'treatment_name', before: null, after: 'Hilot' },
        { field: 'location_name', before: null, after: 'Ortigas' },
        { field: 'voucher_code', before: null, after: 'V-000055' },
      ],
    });
    const moved = entry({ changes: [{ field: 'location_name', before: 'Makati', after: 'Ortigas' }] });
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([visit, moved]) } });
    renderWithRouter(<HistoryTab clientId={7} />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [arrival, profile] = within(list).getAllByRole('listitem');
    expect(within(arrival!).getByText('Arrival logged by System')).toBeInTheDocument();
    expect(within(arrival!).getByText('Treatment: Hilot')).toBeInTheDocument();
    expect(within(arrival!).getByText('Location: Ortigas')).toBeInTheDocument();
    expect(within(arrival!).getByText('Voucher: V-000055')).toBeInTheDocument();
    expect(within(profile!).getByText('Home location: Makati → Ortigas')).toBeInTheDocument();
  });

  it('gives a visit its day and time as one moment, in the panel’s one time format', async () => {
    const visit = entry({
      id: -13,
      action: 'create',
      table: 'client_arrivals',
      changes: [
        { field: 'date', before: null, after: '2026-11-29' },
        { field: 'time', before: null, after: '12:00' },
        { field: 'treatment_name', before: null, after: 'Hilot' },
      ],
    });
    const moved = entry({
      id: 6,
      table: 'client_arrivals',
      changes: [{ field: 'time', before: '11:45', after: '13:00' }],
    });
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([visit, moved]) } });
    renderWithRouter(<HistoryTab clientId={7} />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [arrival, changed] = within(list).getAllByRole('listitem');
    expect(within(arrival!).getByText('When: 29 Nov 2026, 12:00 pm')).toBeInTheDocument();
    expect(within(arrival!).queryByText(/^Date:|^Time:/)).not.toBeInTheDocument();
    expect(within(changed!).getByText('Time: 11:45 am → 1:00 pm')).toBeInTheDocument();
  });

  it('writes a state and a payment method in words, not as stored', async () => {
    const visit = entry({
      id: -12,
      action: 'create',
      table: 'client_arrivals',
      changes: [
        { field: 'status', before: null, after: 'arrived' },
        { field: 'payment_method', before: null, after: 'e_wallet' },
      ],
    });
    const missed = entry({
      id: 5,
      table: 'client_arrivals',
      changes: [{ field: 'status', before: 'booked', after: 'no_show' }],
    });
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([visit, missed]) } });
    renderWithRouter(<HistoryTab clientId={7} />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [arrival, changed] = within(list).getAllByRole('listitem');
    expect(within(arrival!).getByText('Status: Arrived')).toBeInTheDocument();
    expect(within(arrival!).getByText('Payment method: GCash/Maya')).toBeInTheDocument();
    expect(within(changed!).getByText('Status: Booked → No show')).toBeInTheDocument();
  });

  it('names what a sale or a visit refers to, never by its id', async () => {
    const sold = entry({
      id: 30,
      action: 'sell',
      table: 'client_treatments',
      changes: [
        { field: 'treatment', before: null, after: 15 },
        { field: 'treatment_name', before: null, after: 'Hilot' },
        { field: 'salesperson', before: null, after: 1 },
        { field: 'salesperson_name', before: null, after: 'Ana Reyes' },
      ],
    });
    const visit = entry({
      id: 31,
      action: 'create',
      table: 'client_arrivals',
      changes: [
        { field: 'voucher', before: null, after: 9 },
        { field: 'voucher_code', before: null, after: 'V-000055' },
        { field: 'client_membership', before: null, after: 4 },
      ],
    });
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([sold, visit]) } });
    renderWithRouter(<HistoryTab clientId={7} />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [voucher, arrival] = within(list).getAllByRole('listitem');
    expect(within(voucher!).getByText('Treatment: Hilot')).toBeInTheDocument();
    expect(within(voucher!).getByText('Salesperson: Ana Reyes')).toBeInTheDocument();
    expect(within(voucher!).queryByText(/: 15$|: 1$/)).not.toBeInTheDocument();
    expect(within(arrival!).getByText('Voucher: V-000055')).toBeInTheDocument();
    expect(within(arrival!).queryByText(/: 9$|Client membership/)).not.toBeInTheDocument();
  });

  it('writes pesos, days and moments as the rest of the panel does, not as stored', async () => {
    const sold = entry({
      id: -10,
      action: 'sell',
      table: 'client_treatments',
      actor_name: 'System',
      changes: [
        { field: 'price_paid', before: null, after: '4350.00' },
        { field: 'expires_on', before: null, after: '2027-11-25' },
        { field: 'sessions_total', before: null, after: 3 },
      ],
    });
    const visit = entry({
      id: -11,
      action: 'create',
      table: 'client_arrivals',
      changes: [
        { field: 'date', before: null, after: '2026-11-26' },
        { field: 'time', before: null, after: '19:45' },
        { field: 'cancelled_at', before: null, after: '2026-11-26T11:45:00.000Z' },
      ],
    });
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([sold, visit]) } });
    renderWithRouter(<HistoryTab clientId={7} />);
    const list = await screen.findByRole('list', { name: 'history' });
    const [voucher, arrival] = within(list).getAllByRole('listitem');
    expect(within(voucher!).getByText('Price paid: ₱4,350.00')).toBeInTheDocument();
    expect(within(voucher!).getByText('Expires on: 25 Nov 2027')).toBeInTheDocument();
    expect(within(voucher!).getByText('Sessions total: 3')).toBeInTheDocument();
    expect(within(arrival!).getByText('When: 26 Nov 2026, 7:45 pm')).toBeInTheDocument();
    expect(within(arrival!).getByText('Cancelled at: 26 Nov 2026, 7:45 pm')).toBeInTheDocument();
  });

  it('loads older entries a page at a time', async () => {
    const first = Array.from({ length: 25 }, (_, i) => entry({ id: 100 - i, actor_name: `Editor ${i}` }));
    mockApi({
      [`GET ${url(1)}`]: { status: 200, data: { count: 26, next: url(2), previous: null, results: first } },
      [`GET ${url(2)}`]: { status: 200, data: { count: 26, next: null, previous: url(1), results: [created] } },
    });
    renderWithRouter(<HistoryTab clientId={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more (1 older)' }));
    expect(await screen.findByText('Profile created by Admin User')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'history' })).getAllByRole('listitem')).toHaveLength(26);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('says when there is no history yet', async () => {
    mockApi({ [`GET ${url(1)}`]: { status: 200, data: page([]) } });
    renderWithRouter(<HistoryTab clientId={7} />);
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
  });

  it('shows the server sentence on an error and tries again', async () => {
    let fail = true;
    mockApi({
      [`GET ${url(1)}`]: () =>
        fail
          ? { status: 429, data: { message: 'Too many requests; wait a minute.' } }
          : { status: 200, data: page([entry()]) },
    });
    renderWithRouter(<HistoryTab clientId={7} />);
    expect(await screen.findByText('The history could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Too many requests; wait a minute.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Profile changed by Maria Santos')).toBeInTheDocument();
  });

  it('shows a loading state while the first page is on its way', async () => {
    mockApi({ [`GET ${url(1)}`]: 'pending' });
    renderWithRouter(<HistoryTab clientId={7} />);
    expect(await screen.findByLabelText('Loading history')).toHaveAttribute('aria-busy', 'true');
  });
});
