import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { todayInManila } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { ClientDetail } from './client-detail';
import { liza, page, voucher } from './test-data';

const back = { to: '/clients', label: 'Find a client' };

const membership = {
  id: 4,
  client: 7,
  membership_name: 'Gold',
  start_date: '2026-01-10',
  end_date: '2027-01-09',
  price_paid: '12000.00',
  location_name: 'Makati',
  status: 'active',
  vouchers: [],
};
const arrival = (id: number, date: string, time: string, status = 'arrived') => ({
  id,
  client: 7,
  date,
  time,
  treatment_name: 'Hilot',
  therapist_name: 'Enrique Andrada',
  location_name: 'Makati',
  voucher_code: null,
  notes: '',
  status,
  sale: null,
  deposit_sale: null,
});
const booking = {
  id: 88,
  client: 7,
  date: '2026-12-02',
  time: '15:00',
  treatment_name: 'Swedish massage',
  location_name: 'Makati',
  therapist_name: 'Rosa Lim',
  status: 'booked',
};
const credit = {
  reservation: 61,
  date: '2026-11-20',
  status: 'no_show',
  treatment_name: 'Hilot',
  location_name: 'BGC',
  payment_method: 'e_wallet',
  bank: null,
  amount: '300.00',
  reference_no: 'GC-0300',
};

const reads = (over: Record<string, unknown> = {}) => ({
  'GET /clients/7/': { status: 200, data: liza },
  'GET /clients/memberships/': {
    status: 200,
    data: page([membership, { ...membership, id: 3, membership_name: 'Silver', status: 'expired' }]),
  },
  'GET /clients/treatments/': {
    status: 200,
    data: page([
      voucher(),
      voucher({ id: 56, code: 'V-000056', treatment_name: 'Foot spa', sessions_remaining: 0, status: 'used_up' }),
    ]),
  },
  // Newest first by day and clock, as the server orders them; the cancelled one is no visit.
  'GET /clients/arrivals/': {
    status: 200,
    data: page([
      arrival(3, '2026-11-28', '13:00', 'cancelled'),
      arrival(2, '2026-11-28', '11:45'),
      arrival(1, '2026-11-27', '12:00'),
    ]),
  },
  'GET /floor/reservations/': { status: 200, data: page([booking]) },
  'GET /floor/reservations/deposit-credits/': { status: 200, data: [credit] },
  ...over,
});

const fact = (label: string) => screen.getByRole('heading', { name: label }).parentElement!;

describe('client summary', () => {
  afterEach(() => setViewportWidth(1280));

  it('shows the client at a glance on a phone: membership, vouchers, next booking, last visit, deposit credit', async () => {
    setViewportWidth(390);
    const calls = mockApi(reads());
    renderWithRouter(
      <ClientDetail clientId={7} mode="staff" back={back} readsFloor reserveHref={(id) => `/floor?reserve=${id}`} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Liza Soberano' })).toBeInTheDocument();
    expect(await within(fact('Membership')).findByText('Gold, until 9 Jan 2027')).toBeInTheDocument();
    expect(within(fact('Membership')).queryByText(/Silver/)).not.toBeInTheDocument();
    expect(fact('Mobile')).toHaveTextContent('+63 917 123 4567');
    expect(fact('Home branch')).toHaveTextContent('Makati');
    expect(
      await within(fact('Vouchers')).findByText('Hilot (V-000055): 2 of 3 sessions left, until 31 Dec 2026'),
    ).toBeInTheDocument();
    expect(within(fact('Vouchers')).queryByText(/Foot spa/)).not.toBeInTheDocument();
    expect(
      await within(fact('Next booking')).findByText('2 Dec 2026, 3:00 pm · Swedish massage at Makati with Rosa Lim'),
    ).toBeInTheDocument();
    expect(await within(fact('Last visit')).findByText('28 Nov 2026, 11:45 am · Hilot at Makati')).toBeInTheDocument();
    expect(
      await within(fact('Deposit credit')).findByText('₱300.00 (GCash/Maya) at BGC, from the no-show of 20 Nov 2026'),
    ).toBeInTheDocument();
    // The actions, New reservation leading to the board with this client.
    expect(screen.getByRole('button', { name: 'Log arrival' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sell voucher' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'New reservation' })).toHaveAttribute('href', '/floor?reserve=7');
    const urls = calls.map((c) => c.url);
    expect(urls).toContain(
      `/floor/reservations/?client=7&status=booked&date_from=${todayInManila()}&ordering=starts_at&pageSize=1`,
    );
    expect(urls).toContain('/floor/reservations/deposit-credits/?client=7');
    expect(urls).toContain('/clients/arrivals/?client=7&ordering=-date%2C-time%2C-id&pageSize=100');
  });

  it('leaves out the floor’s facts for someone who does not work the floor, and asks the server nothing of them', async () => {
    const calls = mockApi(reads());
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} />);
    expect(
      await within(await screen.findByRole('heading', { name: 'Membership' }).then((h) => h.parentElement!)).findByText(
        'Gold, until 9 Jan 2027',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Next booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Deposit credit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New reservation' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/floor/'))).toBe(false);
  });

  it('says plainly when there is nothing, and offers a retry where a read failed', async () => {
    mockApi(
      reads({
        'GET /clients/memberships/': { status: 200, data: page([]) },
        'GET /clients/treatments/': { status: 200, data: page([]) },
        'GET /clients/arrivals/': { status: 200, data: page([]) },
        'GET /floor/reservations/': { status: 500, data: { message: 'Database unavailable.' } },
        'GET /floor/reservations/deposit-credits/': { status: 200, data: [] },
      }),
    );
    renderWithRouter(<ClientDetail clientId={7} mode="staff" back={back} readsFloor />);
    expect(
      await within(await screen.findByRole('heading', { name: 'Membership' }).then((h) => h.parentElement!)).findByText(
        'None active',
      ),
    ).toBeInTheDocument();
    expect(await within(fact('Vouchers')).findByText('None with sessions left')).toBeInTheDocument();
    expect(await within(fact('Last visit')).findByText('No visits yet')).toBeInTheDocument();
    expect(await within(fact('Deposit credit')).findByText('None')).toBeInTheDocument();
    expect(await within(fact('Next booking')).findByText(/Could not be loaded/)).toBeInTheDocument();
    expect(within(fact('Next booking')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
