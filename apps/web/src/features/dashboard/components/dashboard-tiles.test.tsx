import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClientArrival, DailyReport, DailySalesReport, Leaderboard, PersonalSales } from '@ginhawa/contract';
import { mockApi, okPage, type MockHandler } from '../../../test/api-mock';
import { aLeaderboardEntry, aLocationDay, saleLine } from '../../../test/fixtures';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import {
  arrivalsKey,
  dailySalesReportKey,
  leaderboardKey,
  mySalesKey,
  personalSalesKey,
  rankSalesKey,
  submittedReportsKey,
} from '../api/get-reports-data';
import { ArrivalsTile } from './arrivals-tile';
import { LatestSalesTile } from './latest-sales-tile';
import { LeaderboardTile, standingOf } from './leaderboard-tile';
import { LocationSalesTile } from './location-sales-tile';
import { MySalesTile } from './my-sales-tile';
import { ReportsToApproveTile } from './reports-to-approve-tile';
import { SalespersonTiles } from './role-tiles';
import { TodaysReportTile } from './todays-report-tile';

const failing: MockHandler = { status: 500, data: { message: 'The server had a problem.' } };

const personal: PersonalSales = {
  salesperson: 7,
  salesperson_name: 'Lea Cruz',
  location: 1,
  location_name: 'Makati',
  month: 11,
  year: 2026,
  days: [],
  cutoffs: [
    {
      cutoff: 1,
      date_from: '2026-11-01',
      date_to: '2026-11-15',
      total: '12000.00',
      count: 4,
      target: '25000.00',
      share_of_target: '48.00',
    },
    {
      cutoff: 2,
      date_from: '2026-11-16',
      date_to: '2026-11-30',
      total: '3000.00',
      count: 1,
      target: '25000.00',
      share_of_target: '12.00',
    },
  ],
  total: '15000.00',
  count: 5,
  target: '50000.00',
  share_of_target: '30.00',
};

/** Two sales against a ₱25,000 target. */
const entry = (rank: number, salesperson: number, name: string, total: string) =>
  aLeaderboardEntry(rank, salesperson, name, total, { count: 2, target: '25000.00' });
const board = (results: Leaderboard['results']): Leaderboard => ({
  month: 11,
  year: 2026,
  cutoff: 2,
  date_from: '2026-11-16',
  date_to: '2026-11-30',
  results,
});

const sale = saleLine(31, {
  salesperson: 7,
  salesperson_name: 'Lea Cruz',
  reference: 'OR-88',
  report: null,
  created_at: '2026-11-20T03:00:00Z',
});

const arrival = (id: number, time: string, client: string): ClientArrival =>
  ({
    id,
    client: id,
    client_name: client,
    location: 1,
    location_name: 'Makati',
    date: '2026-11-20',
    time,
    therapist: 3,
    therapist_name: 'Joy Santos',
    receptionist: null,
    receptionist_name: null,
    treatment: 2,
    treatment_name: 'Swedish massage',
    voucher: null,
    voucher_code: null,
    client_membership: null,
    notes: '',
    status: 'arrived',
    created_at: '2026-11-20T01:00:00Z',
    updated_at: '2026-11-20T01:00:00Z',
  }) as ClientArrival;

const dayReport = (date: string, locations: [number, string, string][]): DailySalesReport => ({
  date,
  locations: locations.map(([location, location_name, net_total]) =>
    aLocationDay(location, location_name, { count: 1, gross_total: net_total, net_total }),
  ),
});

const report: DailyReport = {
  id: 9,
  location: 1,
  location_name: 'Makati',
  date: '2026-11-19',
  status: 'submitted',
  gross_total: '8000.00',
  discount_total: '0.00',
  net_total: '8000.00',
  cash_total: '8000.00',
  service_charge_total: '0.00',
  cash_expected: '8000.00',
  deposits_received_total: '0.00',
  deposits_applied_total: '0.00',
  cash_count: null,
  sales_count: 6,
  by_payment_method: {},
  cash_on_hand: '8000.00',
  variance: '0.00',
  z_readings: [],
  z_cash: null,
  z_cash_difference: null,
  remarks: '',
  return_reason: '',
  submitted_by: 4,
  submitted_at: '2026-11-19T12:00:00Z',
  approved_by: null,
  approved_at: null,
  created_at: '2026-11-19T12:00:00Z',
  updated_at: '2026-11-19T12:00:00Z',
};

/** Every tile: its loading, empty, error (Try again refetches) and data states. */
const cases = [
  {
    name: 'my sales',
    key: personalSalesKey(7, 11, 2026),
    ui: <MySalesTile salespersonId={7} month={11} year={2026} cutoff={1} />,
    busy: 'Loading my sales',
    empty: null,
    data: { status: 200, data: personal },
    shows: async () => {
      expect(await screen.findByTestId('figure-This cutoff')).toHaveTextContent('₱12,000.00');
      expect(screen.getByTestId('figure-This month')).toHaveTextContent('₱15,000.00');
      expect(screen.getByLabelText('This cutoff: 48% of target')).toBeInTheDocument();
    },
    errorTitle: 'Your sales could not be loaded',
  },
  {
    name: 'leaderboard',
    key: leaderboardKey(11, 2026, 2),
    ui: <LeaderboardTile salespersonId={7} initial={{ month: 11, year: 2026, cutoff: 2 }} />,
    busy: 'Loading leaderboard',
    empty: { reply: { status: 200, data: board([]) }, title: 'No sales in this period yet' },
    data: {
      status: 200,
      data: board([
        { ...entry(1, 5, 'Ana Reyes', '9000.00'), target: null },
        { ...entry(2, 7, 'Lea Cruz', '7500.50'), share_of_target: '30.00' },
      ]),
    },
    shows: async () => {
      expect(await screen.findByTestId('my-rank')).toHaveTextContent('You are #2 of 2');
      expect(screen.getByText('₱1,499.50 more to reach #1')).toBeInTheDocument();
      expect(screen.getByTestId('my-target')).toHaveTextContent('30.00% of your ₱25,000.00 target');
      expect(within(screen.getByRole('table', { name: 'Leaderboard' })).getByText('Ana Reyes')).toBeInTheDocument();
    },
    errorTitle: 'The leaderboard could not be loaded',
  },
  {
    name: 'latest sales',
    key: mySalesKey(7),
    ui: <LatestSalesTile salespersonId={7} />,
    busy: 'Loading my latest sales',
    empty: { reply: okPage([]), title: 'No sales yet' },
    data: okPage([sale]),
    shows: async () => {
      expect(await screen.findByText('20 Nov 2026 · Makati')).toBeInTheDocument();
      expect(screen.getByText('₱1,500.00')).toBeInTheDocument();
    },
    errorTitle: 'Your latest sales could not be loaded',
  },
  {
    name: 'arrivals',
    key: arrivalsKey('2026-11-20', { therapist: 3 }),
    ui: (
      <ArrivalsTile
        title="My arrivals today"
        date="2026-11-20"
        by={{ therapist: 3 }}
        emptyHint="Clients logged in for you appear here."
      />
    ),
    busy: 'Loading my arrivals today',
    empty: { reply: okPage([]), title: 'No arrivals yet today' },
    data: okPage([arrival(1, '09:30:00', 'Maria Lopez'), arrival(2, '11:00:00', 'Jose Rizal')]),
    shows: async () => {
      const items = await screen.findAllByRole('listitem');
      expect(items.map((i) => i.textContent)).toEqual([
        '09:30Maria LopezSwedish massage',
        '11:00Jose RizalSwedish massage',
      ]);
    },
    errorTitle: "Today's arrivals could not be loaded",
  },
  {
    name: "today's report",
    key: dailySalesReportKey('2026-11-20'),
    ui: <TodaysReportTile date="2026-11-20" linkOf={(l, d) => `/reports/daily/${l}/${d}`} />,
    busy: "Loading today's report",
    empty: { reply: { status: 200, data: dayReport('2026-11-20', []) }, title: 'No locations to report on' },
    data: {
      status: 200,
      data: {
        date: '2026-11-20',
        locations: [
          { ...dayReport('2026-11-20', [[1, 'Makati', '5000.00']]).locations[0]!, count: 3 },
          {
            ...dayReport('2026-11-20', [[2, 'BGC', '1200.00']]).locations[0]!,
            status: 'returned',
            cash_on_hand: '1150.00',
            variance: '-50.00',
          },
        ],
      },
    },
    shows: async () => {
      const list = await screen.findByRole('list', { name: "Today's report by location" });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((i) => i.textContent),
      ).toEqual([
        'MakatiNot startedNet ₱5,000.00 from 3 salesCount cash and submit',
        'BGCReturnedNet ₱1,200.00 from 1 sale · cash ₱50.00 shortCorrect and submit',
      ]);
      expect(screen.getByRole('link', { name: 'Count cash and submit: Makati' })).toHaveAttribute(
        'href',
        '/reports/daily/1/2026-11-20',
      );
      expect(screen.getByRole('link', { name: 'Correct and submit: BGC' })).toHaveAttribute(
        'href',
        '/reports/daily/2/2026-11-20',
      );
    },
    errorTitle: "Today's report could not be loaded",
  },
  {
    name: 'reports to approve',
    key: submittedReportsKey,
    ui: <ReportsToApproveTile linkOf={(r) => `/reports/daily/${r.location}/${r.date}`} />,
    busy: 'Loading reports waiting for approval',
    empty: { reply: okPage([]), title: 'Nothing to approve' },
    data: okPage([report]),
    shows: async () => {
      expect(await screen.findByRole('link', { name: /Makati · 19 Nov 2026/ })).toHaveAttribute(
        'href',
        '/reports/daily/1/2026-11-19',
      );
    },
    errorTitle: 'Reports could not be loaded',
  },
];

describe('dashboard tiles', () => {
  for (const c of cases) {
    describe(c.name, () => {
      it('shows a skeleton while loading', () => {
        mockApi({ [`GET ${c.key}`]: 'pending' });
        renderWithRouter(c.ui);
        expect(screen.getByLabelText(c.busy)).toHaveAttribute('aria-busy', 'true');
      });

      if (c.empty) {
        const empty = c.empty;
        it('says what to do when there is nothing', async () => {
          mockApi({ [`GET ${c.key}`]: empty.reply });
          renderWithRouter(c.ui);
          expect(await screen.findByText(empty.title)).toBeInTheDocument();
        });
      }

      it('shows the error with Try again, which refetches', async () => {
        let fail = true;
        const calls = mockApi({ [`GET ${c.key}`]: () => (fail ? failing : c.data) });
        renderWithRouter(c.ui);
        expect(await screen.findByText(c.errorTitle)).toBeInTheDocument();
        expect(screen.getByText('The server had a problem.')).toBeInTheDocument();
        fail = false;
        await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
        await c.shows();
        expect(calls.filter((call) => call.url === c.key).length).toBeGreaterThanOrEqual(2);
      });

      it('shows the data', async () => {
        mockApi({ [`GET ${c.key}`]: c.data });
        renderWithRouter(c.ui);
        await c.shows();
      });
    });
  }
});

/** The body rows of the location sales table, name cells included. */
const tileRows = async () => {
  const table = await screen.findByRole('table', { name: 'Sales by location' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('th, td')].map((cell) => cell.textContent));
};

describe('location sales tile', () => {
  const keys = [
    dailySalesReportKey('2026-11-20'),
    dailySalesReportKey('2026-11-19'),
    dailySalesReportKey('2026-11-13'),
  ];

  it('compares today with yesterday and the same weekday last week per location', async () => {
    mockApi({
      [`GET ${keys[0]}`]: {
        status: 200,
        data: dayReport('2026-11-20', [
          [1, 'Makati', '5000.00'],
          [2, 'BGC', '1200.00'],
        ]),
      },
      [`GET ${keys[1]}`]: { status: 200, data: dayReport('2026-11-19', [[1, 'Makati', '4000.00']]) },
      [`GET ${keys[2]}`]: {
        status: 200,
        data: dayReport('2026-11-13', [
          [1, 'Makati', '3500.00'],
          [2, 'BGC', '900.00'],
        ]),
      },
    });
    const desktop = renderWithRouter(<LocationSalesTile date="2026-11-20" />);
    expect(await tileRows()).toEqual([
      ['BGC', '₱1,200.00', '₱0.00', '₱900.00'],
      ['Makati', '₱5,000.00', '₱4,000.00', '₱3,500.00'],
    ]);
    desktop.unmount();
    // A phone: each location on its own line over its figures, nothing cut off at the edge.
    setViewportWidth(390);
    try {
      renderWithRouter(<LocationSalesTile date="2026-11-20" />);
      expect(await tileRows()).toEqual([
        ['BGC'],
        ['₱1,200.00', '₱0.00', '₱900.00'],
        ['Makati'],
        ['₱5,000.00', '₱4,000.00', '₱3,500.00'],
      ]);
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('loads, fails with Try again, and is empty without locations', async () => {
    mockApi({ [`GET ${keys[0]}`]: 'pending', [`GET ${keys[1]}`]: 'pending', [`GET ${keys[2]}`]: 'pending' });
    const first = renderWithRouter(<LocationSalesTile date="2026-11-20" />);
    expect(screen.getByLabelText('Loading sales at my locations')).toBeInTheDocument();
    first.unmount();

    mockApi({
      [`GET ${keys[0]}`]: failing,
      [`GET ${keys[1]}`]: { status: 200, data: dayReport('2026-11-19', []) },
      [`GET ${keys[2]}`]: { status: 200, data: dayReport('2026-11-13', []) },
    });
    const second = renderWithRouter(<LocationSalesTile date="2026-11-20" />);
    expect(await screen.findByText('Location sales could not be loaded')).toBeInTheDocument();
    second.unmount();

    mockApi({
      [`GET ${keys[0]}`]: { status: 200, data: dayReport('2026-11-20', []) },
      [`GET ${keys[1]}`]: { status: 200, data: dayReport('2026-11-19', []) },
      [`GET ${keys[2]}`]: { status: 200, data: dayReport('2026-11-13', []) },
    });
    renderWithRouter(<LocationSalesTile date="2026-11-20" />);
    expect(await screen.findByText('No locations to show')).toBeInTheDocument();
  });
});

describe('standing on the leaderboard', () => {
  it('is the top without a gap, and absent when I have no sales', () => {
    const b = board([entry(1, 7, 'Lea Cruz', '9000.00'), entry(2, 5, 'Ana Reyes', '100.00')]);
    expect(standingOf(b, 7)).toEqual({ rank: 1, of: 2, gap: null, target: null, share: null });
    expect(standingOf(b, 99)).toBeNull();
  });

  it('carries my own share of target; another’s is null (the server masks it)', () => {
    const b = board([
      { ...entry(1, 5, 'Ana Reyes', '9000.00'), target: null, share_of_target: null },
      { ...entry(2, 7, 'Lea Cruz', '7500.50'), target: '25000.00', share_of_target: '30.00' },
    ]);
    expect(standingOf(b, 7)).toMatchObject({ target: '25000.00', share: '30.00' });
    expect(standingOf(b, 5)).toMatchObject({ target: null, share: null });
  });
});

describe('salesperson tiles', () => {
  it('tells a salesperson without an employee record whom to ask', async () => {
    mockApi({ 'GET /salespersons/by-user/20/': { status: 404, data: { message: 'Not found.' } } });
    renderWithRouter(<SalespersonTiles userId={20} today="2026-11-20" />);
    expect(await screen.findByText('Your login has no salesperson record')).toBeInTheDocument();
  });
});

describe('the sales behind a rank', () => {
  it("opens the salesperson's own sale lines for the board's period from their row", async () => {
    const calls = mockApi({
      [`GET ${leaderboardKey(11, 2026, 2)}`]: {
        status: 200,
        data: board([entry(1, 8, 'Ana Reyes', '9000.00'), entry(2, 7, 'Lea Cruz', '3000.00')]),
      },
      [`GET ${rankSalesKey(7, '2026-11-16', '2026-11-30')}`]: okPage([sale]),
    });
    renderWithRouter(<LeaderboardTile salespersonId={7} initial={{ month: 11, year: 2026, cutoff: 2 }} />);
    // Only my own row opens anything.
    expect(await screen.findAllByRole('button', { name: /, my sales behind this rank$/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /, my sales behind this rank$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'My sales, 16 Nov 2026 to 30 Nov 2026' });
    expect(within(dialog).getByText('#2 on the board with ₱3,000.00 in net sales.')).toBeInTheDocument();
    expect(await within(dialog).findByText(/OR-88/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === rankSalesKey(7, '2026-11-16', '2026-11-30'))).toBe(true);
  });

  it('shows Managers the board without a rank of their own', async () => {
    mockApi({
      [`GET ${leaderboardKey(11, 2026, 2)}`]: { status: 200, data: board([entry(1, 8, 'Ana Reyes', '9000.00')]) },
    });
    renderWithRouter(<LeaderboardTile salespersonId={null} initial={{ month: 11, year: 2026, cutoff: 2 }} />);
    expect(await screen.findByRole('cell', { name: /Ana Reyes/ })).toBeInTheDocument();
    expect(screen.queryByTestId('my-rank')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /, my sales behind this rank$/ })).not.toBeInTheDocument();
  });
});

describe('reports waiting for approval', () => {
  it('leaves out the reports the viewer submitted: someone else approves them (decision 0504)', async () => {
    mockApi({
      [`GET ${submittedReportsKey}`]: okPage([
        { ...report, submitted_by: 20 },
        { ...report, id: 10, location: 2, location_name: 'BGC', submitted_by: 21 },
      ]),
    });
    renderWithRouter(
      <ReportsToApproveTile
        linkOf={(r) => `/reports/daily/${r.location}/${r.date}`}
        decides={(r) => r.submitted_by !== 20}
      />,
    );
    expect(await screen.findByRole('link', { name: /BGC · 19 Nov 2026/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Makati · 19 Nov 2026/ })).not.toBeInTheDocument();
    const tile = screen.getByRole('region', { name: 'Reports waiting for approval' });
    expect(tile).toHaveTextContent(/approval1/);
    // Each link sits in its own list item (axe `list`: a <ul> holds only <li>s).
    expect(tile.querySelectorAll('ul > a')).toHaveLength(0);
    expect(within(within(tile).getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
  });
});
