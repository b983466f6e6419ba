import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArrivalsData, Leaderboard, Liability } from '@ginhawa/contract';
import { mockApi, type MockReply } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { arrivalsDataKey, liabilityKey, monthLeaderboardKey } from '../api/admin-dashboard';
import { ArrivalsHeatmapPanel } from './arrivals-heatmap-panel';
import { LiabilityPanel } from './liability-panel';
import { TopSalespeoplePanel, TopTherapistsPanel } from './top-people-panels';
import { withEveryStyleRule } from '../../../test/hiding-styles-only';

const period = { month: 11, year: 2026 };
const ok = (data: unknown): MockReply => ({ status: 200, data });
const failing: MockReply = { status: 500, data: { message: 'The server had a problem.' } };

const arrivals = (over: Partial<ArrivalsData> = {}): ArrivalsData => ({
  date_from: '2026-11-01',
  date_to: '2026-11-30',
  by_day: [],
  by_hour: [],
  by_weekday_hour: [
    { weekday: 1, hour: 9, count: 4 },
    { weekday: 1, hour: 11, count: 1 },
    { weekday: 7, hour: 23, count: 2 },
  ],
  by_location: [],
  by_therapist: [
    { therapist: 3, therapist_name: 'Joy Santos', count: 9 },
    { therapist: 4, therapist_name: 'Ana Reyes', count: 9 },
    { therapist: 5, therapist_name: 'Bea Lim', count: 2 },
  ],
  ...over,
});

/** Leaderboard lines at one location: [rank, salesperson id, name, net, sales]. */
const entries = (lines: [number, number, string, string, number][]): Leaderboard['results'] =>
  lines.map(([rank, salesperson, salesperson_name, total, count]) => ({
    rank,
    salesperson,
    salesperson_name,
    total,
    count,
    location: 1,
    location_name: 'Makati',
    target: '50000.00',
    share_of_target: null,
  }));
const board = (results: Leaderboard['results']): Leaderboard => ({
  month: 11,
  year: 2026,
  cutoff: 0,
  date_from: '2026-11-01',
  date_to: '2026-11-30',
  results,
});

const figure = (count: number, sessions_remaining: number, amount: string) => ({ count, sessions_remaining, amount });
const liability: Liability = {
  as_of: '2026-11-23',
  locations: [
    {
      location: 2,
      location_name: 'BGC',
      vouchers: figure(0, 0, '0.00'),
      memberships: figure(0, 0, '0.00'),
      deposits: { count: 0, amount: '0.00' },
      total: '0.00',
    },
    {
      location: 1,
      location_name: 'Makati',
      vouchers: figure(3, 8, '3500.50'),
      memberships: figure(2, 10, '3833.33'),
      deposits: { count: 0, amount: '0.00' },
      total: '7333.83',
    },
  ],
  vouchers: figure(3, 8, '3500.50'),
  memberships: figure(2, 10, '3833.33'),
  deposits: { count: 0, amount: '0.00' },
  total: '7333.83',
};
const noLiability: Liability = {
  ...liability,
  locations: [liability.locations[0]!],
  vouchers: figure(0, 0, '0.00'),
  memberships: figure(0, 0, '0.00'),
  deposits: { count: 0, amount: '0.00' },
  total: '0.00',
};

const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

type Case = {
  name: string;
  key: string;
  ui: ReactElement;
  busy: string;
  empty: { reply: MockReply; title: string };
  data: MockReply;
  shows: () => Promise<void>;
  errorTitle: string;
};

const cases: Case[] = [
  {
    name: 'arrivals heat map',
    key: arrivalsDataKey(period),
    ui: <ArrivalsHeatmapPanel period={period} />,
    busy: 'Loading arrivals by weekday and hour',
    empty: { reply: ok(arrivals({ by_weekday_hour: [], by_therapist: [] })), title: 'No arrivals in November 2026' },
    data: ok(arrivals()),
    shows: async () => {
      const grid = await screen.findByRole('table', { name: 'Arrivals by weekday and hour, November 2026' });
      // Hours 09 to 23 across (the gaps in between are zeros), weekdays down, each count printed.
      const head = within(grid)
        .getAllByRole('columnheader')
        .map((c) => c.textContent);
      expect(head[0]).toBe('Day');
      expect(head.slice(1)).toEqual(Array.from({ length: 15 }, (_, i) => String(9 + i).padStart(2, '0')));
      const monday = within(grid).getByRole('rowheader', { name: 'Mon' }).closest('tr')!;
      expect(
        within(monday)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(0, 3),
      ).toEqual(['4', '0', '1']);
      const sunday = within(grid).getByRole('rowheader', { name: 'Sun' }).closest('tr')!;
      expect(within(sunday).getAllByRole('cell').at(-1)!.textContent).toBe('2');
      expect(screen.getByText(/busiest hour: 4 arrivals/)).toBeInTheDocument();
    },
    errorTitle: 'The arrivals could not be loaded',
  },
  {
    name: 'top salespeople',
    key: monthLeaderboardKey(period),
    ui: <TopSalespeoplePanel period={period} />,
    busy: 'Loading top salespeople',
    empty: { reply: ok(board(entries([[1, 7, 'Lea Cruz', '0.00', 0]]))), title: 'No sales in November 2026' },
    data: ok(
      board(
        entries([
          [1, 7, 'Lea Cruz', '42000.00', 6],
          [2, 8, 'Mia Tan', '15000.50', 2],
          [3, 9, 'No Sale', '0.00', 0],
        ]),
      ),
    ),
    shows: async () => {
      const table = await screen.findByRole('table', { name: 'Top salespeople, November 2026' });
      expect(bodyRows(table)).toEqual([
        ['1', 'Lea CruzMakati', '₱42,000.00'],
        ['2', 'Mia TanMakati', '₱15,000.50'],
      ]);
      // A long name breaks rather than pushing Net past a phone's edge.
      expect(within(table).getByText('Lea Cruz').closest('td')).toHaveStyle({ whiteSpace: 'normal' });
    },
    errorTitle: 'The leaderboard could not be loaded',
  },
  {
    name: 'top therapists',
    key: arrivalsDataKey(period),
    ui: <TopTherapistsPanel period={period} />,
    busy: 'Loading top therapists',
    empty: { reply: ok(arrivals({ by_weekday_hour: [], by_therapist: [] })), title: 'No arrivals in November 2026' },
    data: ok(arrivals()),
    shows: async () => {
      const table = await screen.findByRole('table', { name: 'Top therapists, November 2026' });
      // Equal counts share a rank.
      expect(bodyRows(table)).toEqual([
        ['1', 'Joy Santos', '9'],
        ['1', 'Ana Reyes', '9'],
        ['3', 'Bea Lim', '2'],
      ]);
      expect(within(table).getByText('Bea Lim').closest('td')).toHaveStyle({ whiteSpace: 'normal' });
    },
    errorTitle: "The therapists' arrivals could not be loaded",
  },
  {
    name: 'liability',
    key: liabilityKey,
    ui: <LiabilityPanel />,
    busy: 'Loading membership and voucher liability',
    empty: { reply: ok(noLiability), title: 'Nothing owed in treatments' },
    data: ok(liability),
    shows: async () => {
      const table = await screen.findByRole('table', { name: 'Liability by location' });
      // Pesos first, the sessions behind them underneath.
      expect(bodyRows(table)).toEqual([
        ['BGC', '₱0.000 sessions', '₱0.000 sessions', '₱0.00', '₱0.00'],
        ['Makati', '₱3,500.508 sessions', '₱3,833.3310 sessions', '₱0.00', '₱7,333.83'],
        ['All locations', '₱3,500.508 sessions', '₱3,833.3310 sessions', '₱0.00', '₱7,333.83'],
      ]);
      expect(screen.getByRole('img', { name: 'Liability by location as of 23 Nov 2026' })).toBeInTheDocument();
    },
    errorTitle: 'The liability could not be loaded',
  },
];

// This file checks colours and layout, not only what is hidden.
withEveryStyleRule();

describe('admin dashboard panels', () => {
  for (const c of cases) {
    describe(c.name, () => {
      // One visit through every state: the skeleton until the server answers, its error with
      // Try again, then the figures once the retry succeeds.
      it('goes from a skeleton to the error, and Try again brings the figures', async () => {
        let answer: () => void = () => undefined;
        const answered = new Promise<void>((resolve) => (answer = resolve));
        let reply: MockReply = failing;
        const calls = mockApi({
          [`GET ${c.key}`]: async () => {
            await answered;
            return reply;
          },
        });
        renderWithRouter(c.ui);
        expect(screen.getByLabelText(c.busy)).toHaveAttribute('aria-busy', 'true');
        answer();
        expect(await screen.findByText(c.errorTitle)).toBeInTheDocument();
        expect(screen.getByText('The server had a problem.')).toBeInTheDocument();
        reply = c.data;
        await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
        await c.shows();
        expect(screen.queryByText(c.errorTitle)).not.toBeInTheDocument();
        expect(calls.filter((call) => call.url === c.key).length).toBeGreaterThanOrEqual(2);
      });

      it('says what to do when there is nothing, instead of an empty table', async () => {
        mockApi({ [`GET ${c.key}`]: c.empty.reply });
        renderWithRouter(c.ui);
        expect(await screen.findByText(c.empty.title)).toBeInTheDocument();
        expect(screen.queryByRole('table')).not.toBeInTheDocument();
      });
    });
  }
});

describe('arrivals heat map', () => {
  it('switches to a plain table of the same cells, and offers the CSV of that series', async () => {
    mockApi({ [`GET ${arrivalsDataKey(period)}`]: ok(arrivals()) });
    renderWithRouter(<ArrivalsHeatmapPanel period={period} />);
    await screen.findByRole('table', { name: 'Arrivals by weekday and hour, November 2026' });
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toMatch(
      /\/clients\/arrivals\/data\/\?date_from=2026-11-01&date_to=2026-11-30&series=weekday_hour&format=csv$/,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const list = screen.getByRole('table', { name: 'Arrivals by weekday and hour, November 2026 (list)' });
    expect(bodyRows(list)).toEqual([
      ['Monday', '09:00', '4'],
      ['Monday', '11:00', '1'],
      ['Sunday', '23:00', '2'],
    ]);
  });
});

describe('liability', () => {
  afterEach(() => setViewportWidth(1280));

  it('at 390 px shows the location and the total, its vouchers and memberships under it: four peso columns would scroll sideways', async () => {
    setViewportWidth(390);
    mockApi({ [`GET ${liabilityKey}`]: ok(liability) });
    renderWithRouter(<LiabilityPanel />);
    const table = await screen.findByRole('table', { name: 'Liability by location' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Location', 'Total']);
    expect(bodyRows(table)).toEqual([
      ['BGC', '₱0.00Vouchers ₱0.00Memberships ₱0.00'],
      ['Makati', '₱7,333.83Vouchers ₱3,500.50Memberships ₱3,833.33'],
      ['All locations', '₱7,333.83Vouchers ₱3,500.50Memberships ₱3,833.33'],
    ]);
  });

  it('links the CSV of the liability report', async () => {
    mockApi({ [`GET ${liabilityKey}`]: ok(liability) });
    renderWithRouter(<LiabilityPanel />);
    await screen.findByRole('table', { name: 'Liability by location' });
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toMatch(
      /\/reports\/liability\/\?format=csv$/,
    );
  });
});
