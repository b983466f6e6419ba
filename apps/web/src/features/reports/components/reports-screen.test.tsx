import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { ReportsScreen } from './reports-screen';
import { dailySales, leaderboard, locationSales, locationsPage, report, reportPage } from './reports-fixtures';

describe('reports screen', () => {
  afterEach(() => setViewportWidth(1280));

  it('opens the report a notification links to (?report=id) at its location and date', async () => {
    mockApi({
      'GET /locations/': { status: 200, data: locationsPage },
      'GET /reports/7/': { status: 200, data: report('submitted') },
      'GET /reports/get-daily-sales-report/': { status: 200, data: dailySales },
      'GET /reports/': { status: 200, data: reportPage('submitted') },
    });
    const { router } = renderWithRouter(<ReportsScreen />, { path: '/admin/reports?report=7' });
    expect(await screen.findByRole('heading', { name: 'Makati, 20 Nov 2026' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=daily&date=2026-11-20&location=1'));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('keeps the tab and period in the URL', async () => {
    const calls = mockApi({
      'GET /reports/leaderboards/': { status: 200, data: leaderboard },
      'GET /locations/': { status: 200, data: locationsPage },
    });
    const { router } = renderWithRouter(<ReportsScreen />, {
      path: '/admin/reports?tab=leaderboard&month=11&year=2026&cutoff=1',
    });
    expect(await screen.findByRole('table', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/reports/leaderboards/?month=11&year=2026&cutoff=1')).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: 'Sale lines' }));
    expect(router.state.location.search).toBe('?tab=lines');
  });

  it('opens the leaderboard and location sales on the period that contains today (Manila)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 29 Nov 2026, 07:30 in Manila: the second cutoff of November.
    vi.setSystemTime(new Date('2026-11-28T23:30:00Z'));
    try {
      const calls = mockApi({
        'GET /reports/leaderboards/': { status: 200, data: leaderboard },
        'GET /reports/get-location-sales/': { status: 200, data: locationSales },
        'GET /locations/': { status: 200, data: locationsPage },
      });
      renderWithRouter(<ReportsScreen />, { path: '/admin/reports?tab=leaderboard' });
      expect(await screen.findByRole('table', { name: 'Leaderboard' })).toBeInTheDocument();
      expect(calls.map((c) => c.url)).toContain('/reports/leaderboards/?month=11&year=2026&cutoff=2');
      expect(screen.getByRole('combobox', { name: 'Cutoff' })).toHaveTextContent('16');
      // Location sales opens on this month too.
      await userEvent.click(screen.getByRole('tab', { name: 'Location sales' }));
      await waitFor(() => expect(calls.map((c) => c.url)).toContain('/reports/get-location-sales/?month=11&year=2026'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a phone opens a later tab with the tab row’s scroll buttons already in place', async () => {
    setViewportWidth(390);
    mockApi({
      'GET /reports/leaderboards/': { status: 200, data: leaderboard },
      'GET /locations/': { status: 200, data: locationsPage },
    });
    renderWithRouter(<ReportsScreen />, { path: '/admin/reports?tab=leaderboard' });
    expect(await screen.findByRole('tab', { name: 'Leaderboard' })).toHaveAttribute('aria-selected', 'true');
    // Present from the first render: buttons that appeared later narrowed the row under the chosen tab.
    const row = screen.getByRole('tablist', { name: 'Reports' }).closest('.MuiTabs-root')!;
    expect(row.querySelectorAll('.MuiTabScrollButton-root')).toHaveLength(2);
  });
});
