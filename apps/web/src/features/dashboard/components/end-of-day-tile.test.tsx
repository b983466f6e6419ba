import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EndOfDay } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { EndOfDayTile } from './end-of-day-tile';

const KEY = 'GET /reports/end-of-day/?location=2';

const endOfDay = (extra: Partial<EndOfDay> = {}): EndOfDay => ({
  location: 2,
  location_name: 'Makati',
  date: '2026-11-29',
  takings_by_payment_method: [
    { key: 'cash', name: 'Cash', total: '1800.00', count: 3 },
    { key: 'e_wallet', name: 'E-wallet', total: '500.00', count: 1 },
  ],
  takings_by_bank: [],
  takings_total: '2300.00',
  cash_expected: '1800.00',
  cash_terms: [
    { key: 'sales', label: 'Cash sales and service charges', amount: '2300.00' },
    { key: 'deposits_received', label: 'Cash deposits received', amount: '0.00' },
    {
      key: 'deposits_applied',
      label: 'Cash deposits used by today’s visits (counted when received)',
      amount: '-500.00',
    },
    { key: 'deposits_forfeited', label: 'Cash deposits kept (counted when received)', amount: '0.00' },
    { key: 'refunds', label: 'Cash handed back', amount: '0.00' },
  ],
  open_bookings: [{ reservation: 9, client_name: 'Ana Cruz', time: '16:00', treatment_name: 'Hilot' }],
  on_shift: [
    { employee: 11, name: 'Ben Reyes', since: '09:00' },
    { employee: 20, name: 'Dina Go', since: '08:45' },
  ],
  day: {
    location: 2,
    location_name: 'Makati',
    date: '2026-11-29',
    report: null,
    status: null,
    closed: false,
    closed_at: null,
    closed_by_name: null,
    message: null,
    can_reopen: false,
    open: [],
  },
  ...extra,
});

describe('end of day tile', () => {
  it('shows the drawer’s cash with its non-zero terms, takings by method and the bookings to come', async () => {
    mockApi({ [KEY]: { status: 200, data: endOfDay() } });
    renderWithRouter(<EndOfDayTile location={2} name="Makati" />);
    const drawer = await screen.findByRole('group', { name: 'Cash expected in the drawer' });
    expect(within(drawer).getByText('₱1,800.00')).toBeInTheDocument();
    const terms = within(drawer).getByRole('list', { name: 'How the cash expected is made up' });
    expect(
      within(terms)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Cash sales and service charges₱2,300.00',
      'Cash deposits used by today’s visits (counted when received)-₱500.00',
    ]);
    const byMethod = screen.getByRole('table', { name: 'Takings by method' });
    expect(within(byMethod).getByText('E-wallet')).toBeInTheDocument();
    expect(screen.getByText('Ana Cruz')).toBeInTheDocument();
  });

  it('clocks out everyone on shift after one confirmation, in one request', async () => {
    const calls = mockApi({
      [KEY]: { status: 200, data: endOfDay() },
      'POST /floor/shifts/clock-out-many/': { status: 200, data: [{ id: 1 }, { id: 2 }] },
    });
    renderWithRouter(<EndOfDayTile location={2} name="Makati" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Clock out everyone on shift' }));
    const dialog = screen.getByRole('dialog', { name: 'Clock out everyone on shift?' });
    expect(dialog).toHaveTextContent('Ben Reyes, Dina Go are clocked out at Makati now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clock out everyone' }));
    expect(await screen.findByText('2 clocked out.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.data))).toEqual({ employees: [11, 20], location: 2 });
  });

  it('says when the branch closed its books', async () => {
    const message =
      'Makati closed today’s books at 13:02. A manager of Makati or an administrator may reopen the day to record more.';
    mockApi({
      [KEY]: {
        status: 200,
        data: endOfDay({ day: { ...endOfDay().day, closed: true, status: 'submitted', message } }),
      },
    });
    renderWithRouter(<EndOfDayTile location={2} name="Makati" />);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
