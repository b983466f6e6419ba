import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyData } from '@ginhawa/contract';
import { mockApi } from '../../test/api-mock';
import { managerData, signedInShell, therapistData } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { myEarnings, runDetail } from '../../features/payroll/components/payroll-fixtures';

const run = runDetail('submitted');

const signedIn = (me: MyData, payroll: boolean, extra: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    ...signedInShell(me, { payroll }),
    'GET /payroll/runs/5/': { status: 200, data: run },
    'GET /locations/': { status: 200, data: { count: 0, next: null, previous: null, results: [] } },
    ...extra,
  });

describe('pay runs outside /admin (decision 0630)', () => {
  afterEach(() => {
    document.cookie = 'csrftoken=; path=/; max-age=0';
  });

  it("opens a run a notification links to for the branch's Manager, once the stored flags say payroll is on", async () => {
    signedIn(managerData, true);
    renderApp('/payroll/runs/5');
    expect(await screen.findByRole('heading', { name: 'Makati, 1st–15th November 2026' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/payroll?run=5');
    // A Manager submits; Admins decide.
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('sends a Manager to the dashboard while the payroll flag is off', async () => {
    signedIn(managerData, false);
    renderApp('/payroll');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
  });

  it('sends a therapist to the dashboard', async () => {
    signedIn(therapistData, true);
    renderApp('/payroll?run=5');
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Pay runs' })).not.toBeInTheDocument();
  });

  it('shows a therapist what they earned this cutoff on the dashboard while payroll is on, and nothing when it is off', async () => {
    signedIn(therapistData, true, { 'GET /payroll/my-earnings/': { status: 200, data: myEarnings('475.50') } });
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByTestId('earned-this-cutoff')).toHaveTextContent('₱475.50');
    unmount();
    signedIn(therapistData, false);
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ });
    expect(screen.queryByRole('region', { name: 'Earned this cutoff' })).not.toBeInTheDocument();
  });
});
