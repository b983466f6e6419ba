import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyData } from '@ginhawa/contract';
import { mockApi } from '../../test/api-mock';
import { managerData, pageOf, saleLine, signedInShell, therapistData } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { saleLinesPage } from '../../features/reports/components/reports-fixtures';

const signedIn = (me: MyData, reports: boolean) =>
  mockApi({
    ...signedInShell(me, { reports }),
    'GET /locations/': { status: 200, data: pageOf([]) },
    'GET /reports/daily-sales/': { status: 200, data: saleLinesPage([saleLine(1)]) },
    'POST /reports/delete-sales-data/': {
      status: 202,
      data: { result: 'requested', deleted: 0, message: 'Your request to delete 1 sale was sent for approval.' },
    },
  });

describe('reports outside /admin for Managers (decision 0504)', () => {
  afterEach(() => {
    document.cookie = 'csrftoken=; path=/; max-age=0';
  });

  it('lists a Manager’s sale lines and sends their request to delete a wrong one with its reason', async () => {
    const calls = signedIn(managerData, true);
    renderApp('/reports?tab=lines&date=2026-11-20&location=1');
    const line = await screen.findByRole('row', { name: /Ana Reyes/ });
    await userEvent.click(within(line).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this sale?' });
    await userEvent.click(within(dialog).getByLabelText(/^Reason/));
    await userEvent.paste('Rung up twice.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findAllByText('Your request to delete 1 sale was sent for approval.')).not.toHaveLength(0);
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.data))).toEqual({
      ids: [1],
      reason: 'Rung up twice.',
    });
  });

  it('is linked from the Manager’s dashboard, beside the sales at their locations', async () => {
    signedIn(managerData, true);
    renderApp('/dashboard');
    const tile = await screen.findByRole('region', { name: 'Sales at my locations' });
    expect(await within(tile).findByRole('link', { name: 'Sale lines and reports' })).toHaveAttribute(
      'href',
      '/reports',
    );
  });

  it('sends a Manager to the dashboard while the reports flag is off, and a therapist always', async () => {
    signedIn(managerData, false);
    const { unmount } = renderApp('/reports?tab=lines');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    unmount();
    signedIn(therapistData, true);
    renderApp('/reports?tab=lines');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('tab', { name: 'Sale lines' })).not.toBeInTheDocument();
  });
});
