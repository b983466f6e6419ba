import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { manilaDate } from '@ginhawa/contract';
import { arrivalsKey } from '../../features/dashboard/api/get-reports-data';
import { LiveNotificationsProvider } from '../../features/notifications/live/live-notifications';
import { aTab } from '../../features/sales/components/test-data';
import { mockApi, okPage } from '../../test/api-mock';
import { leaCruz } from '../../test/fixtures';
import { createFakeLiveClient } from '../../test/fake-live-client';
import { renderWithRouter } from '../../test/render';
import { DashboardRoute } from './dashboard';

const receptionist = leaCruz(['Receptionist']);

describe('/dashboard: the desk’s open tabs', () => {
  it('lists the branch’s open tabs, read again when the floor changes', async () => {
    let reads = 0;
    mockApi({
      [`GET ${arrivalsKey(manilaDate(new Date()), { location: 1 })}`]: okPage([]),
      'GET /sales/tabs/': () => {
        reads += 1;
        return okPage(reads === 1 ? [] : [aTab({ location: 1 })]);
      },
    });
    const live = createFakeLiveClient();
    renderWithRouter(
      <LiveNotificationsProvider client={live.client}>
        <DashboardRoute />
      </LiveNotificationsProvider>,
      { user: receptionist },
    );
    const card = await screen.findByRole('region', { name: 'Open tabs' });
    expect(await within(card).findByText('No open tabs: every visit so far is paid.')).toBeInTheDocument();
    act(() => live.emit({ action: 'floor_changed', location: 1, date: '2026-11-29' }));
    expect(await within(card).findByRole('button', { name: /Liza Soberano/ })).toHaveTextContent('₱1,000.00');
  });
});
