import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter } from '../../../test/render';
import { LeaderboardPanel } from './leaderboard-panel';
import { leaderboard } from './reports-fixtures';

const setup = (cutoff = 1) => {
  const onChange = vi.fn();
  renderWithRouter(<LeaderboardPanel period={{ month: 11, year: 2026, cutoff }} onChange={onChange} />, {
    path: '/admin/reports?tab=leaderboard',
  });
  return { onChange };
};

describe('leaderboard panel', () => {
  it('ranks salespersons (ties share a rank) and opens the lines behind each total', async () => {
    const calls = mockApi({ 'GET /reports/leaderboards/': { status: 200, data: leaderboard } });
    setup();
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['1', '1', '3']);
    expect(screen.getByText('1 Nov 2026 to 15 Nov 2026 · ranked by net sales')).toBeInTheDocument();
    // Why the board sums to less than location sales when a deposit was forfeited (decision 0900).
    expect(
      screen.getByText('Forfeited deposits count toward location sales, not any salesperson’s.'),
    ).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /, sale lines of Ben Cruz$/ })).toHaveAttribute(
      'href',
      '/admin/reports?tab=lines&salesperson=12&date_from=2026-11-01&date_to=2026-11-15',
    );
    expect(within(rows[1]!).getByText('—')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('45.00%')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/reports/leaderboards/?month=11&year=2026&cutoff=1');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/reports/leaderboards/?month=11&year=2026&cutoff=1&format=csv',
    );
  });

  it('links only the totals whose lines the viewer reads (a Manager’s branches), and writes the period in words', async () => {
    mockApi({ 'GET /reports/leaderboards/': { status: 200, data: leaderboard } });
    renderWithRouter(
      <LeaderboardPanel
        period={{ month: 11, year: 2026, cutoff: 1 }}
        onChange={vi.fn()}
        readsLinesAt={(l) => l === 1}
      />,
      { path: '/reports?tab=leaderboard' },
    );
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(within(table).getByRole('link', { name: /, sale lines of Ana Reyes$/ })).toBeInTheDocument();
    // Cebu's lines are not the viewer's: its total is plain text, not a link to an empty list.
    expect(within(table).queryByRole('link', { name: /, sale lines of Ben Cruz$/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 Nov 2026 to 15 Nov 2026 · ranked by net sales')).toBeInTheDocument();
  });

  it('switches the cutoff', async () => {
    mockApi({ 'GET /reports/leaderboards/': { status: 200, data: leaderboard } });
    const { onChange } = setup();
    await userEvent.click(screen.getByRole('combobox', { name: 'Cutoff' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Whole month' }));
    expect(onChange).toHaveBeenCalledWith({ cutoff: 0 });
  });

  it('says when the period has no sales', async () => {
    mockApi({ 'GET /reports/leaderboards/': { status: 200, data: { ...leaderboard, cutoff: 2, results: [] } } });
    setup(2);
    expect(await screen.findByText('No sales in November 2026, 16th–end.')).toBeInTheDocument();
  });

  it('shows a load error with Try again', async () => {
    mockApi({ 'GET /reports/leaderboards/': 'network-error' });
    setup();
    expect(await screen.findByText('The leaderboard could not be loaded')).toBeInTheDocument();
  });
});
