import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { locationSales } from '../../../features/reports/components/reports-fixtures';
import { AdminDashboardRoute } from './dashboard';

const arrivals = {
  date_from: '2024-02-01',
  date_to: '2024-02-29',
  by_day: [],
  by_hour: [],
  by_weekday_hour: [{ weekday: 2, hour: 10, count: 3 }],
  by_location: [],
  by_therapist: [],
};
const figure = { count: 0, sessions_remaining: 0, amount: '0.00' };

describe('/admin/dashboard', () => {
  it('reads the month from the URL for every panel, and the one picker moves them all', async () => {
    const calls = mockApi({
      'GET /reports/get-location-sales/': { status: 200, data: locationSales },
      'GET /reports/leaderboards/': {
        status: 200,
        data: { month: 2, year: 2024, cutoff: 0, date_from: '2024-02-01', date_to: '2024-02-29', results: [] },
      },
      'GET /clients/arrivals/data/': { status: 200, data: arrivals },
      'GET /reports/liability/': {
        status: 200,
        data: {
          as_of: '2024-02-10',
          locations: [],
          vouchers: figure,
          memberships: figure,
          deposits: { count: 0, amount: '0.00' },
          total: '0.00',
        },
      },
    });
    const { router } = renderWithRouter(<AdminDashboardRoute />, { path: '/admin/dashboard?month=2&year=2024' });
    // The sales panel is the reports' own, without its own picker: one Month select on the page.
    const sales = await screen.findByRole('region', { name: 'Sales by location and day' });
    expect(await within(sales).findByRole('table', { name: 'Sales by location' })).toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: 'Month' })).toHaveLength(1);
    expect(
      await screen.findByRole('table', { name: 'Arrivals by weekday and hour, February 2024' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No sales in February 2024')).toBeInTheDocument();
    expect(await screen.findByText('Nothing owed in treatments')).toBeInTheDocument();
    const urls = calls.map((c) => c.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/reports/get-location-sales/?month=2&year=2024',
        '/reports/leaderboards/?month=2&year=2024&cutoff=0',
        '/clients/arrivals/data/?date_from=2024-02-01&date_to=2024-02-29',
        '/reports/liability/',
      ]),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Month' }));
    await userEvent.click(await screen.findByRole('option', { name: 'March' }));
    expect(router.state.location.search).toBe('?month=3&year=2024');
    await screen.findByText('No arrivals in March 2024');
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        '/reports/get-location-sales/?month=3&year=2024',
        '/reports/leaderboards/?month=3&year=2024&cutoff=0',
        '/clients/arrivals/data/?date_from=2024-03-01&date_to=2024-03-31',
      ]),
    );
  });
});
