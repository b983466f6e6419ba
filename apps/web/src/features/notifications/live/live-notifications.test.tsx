import { render, screen, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { getOne } from '../../../lib/list-query';
import { mockApi } from '../../../test/api-mock';
import { createFakeLiveClient } from '../../../test/fake-live-client';
import { aNotification } from '../../../test/fixtures';
import { testSwr } from '../../../test/render';
import { LiveNotificationsProvider } from './live-notifications';

/** Stands in for an open report screen: one SWR read under /reports/ and one elsewhere. */
const Reader = ({ path }: { path: string }) => {
  const { data } = useSWR<{ n: number }>(path, getOne<{ n: number }>);
  return <p>{data ? `${path} ${data.n}` : 'loading'}</p>;
};

const OTHER_REPORT = '/reports/leaderboards/?month=11&year=2026&cutoff=2';

/**
 * Opens two readers under the provider: `watched` answers a new count on every read, `bystander`
 * always the same; resolves once `watched` shows its first read, with the fake socket and the calls.
 */
const openReaders = async (watched: string, bystander: string) => {
  let reads = 0;
  const calls = mockApi({
    [`GET ${watched.split('?')[0]}`]: () => ({ status: 200, data: { n: (reads += 1) } }),
    [`GET ${bystander.split('?')[0]}`]: { status: 200, data: { n: 0 } },
  });
  const fake = createFakeLiveClient();
  render(
    <AppProvider swr={testSwr}>
      <LiveNotificationsProvider client={fake.client}>
        <Reader path={watched} />
        <Reader path={bystander} />
      </LiveNotificationsProvider>
    </AppProvider>,
  );
  expect(await screen.findByText(`${watched} 1`)).toBeInTheDocument();
  return { fake, calls };
};

describe('live notifications provider', () => {
  it('reads open reports again when the server says sales changed (leaderboard_changed)', async () => {
    const { fake, calls } = await openReaders('/reports/leaderboards/?month=11&year=2026&cutoff=1', '/banks/');
    fake.emit({ action: 'leaderboard_changed', month: 11, year: 2026, dates: ['2026-11-20'] });
    expect(await screen.findByText('/reports/leaderboards/?month=11&year=2026&cutoff=1 2')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/banks/')).toHaveLength(1));
  });

  it('reads open arrivals again when the server says arrivals changed (arrivals_changed), and nothing else', async () => {
    const key = '/clients/arrivals/?date=2026-11-23&therapist=4&status=arrived&ordering=time&page=1&pageSize=100';
    const { fake, calls } = await openReaders(key, OTHER_REPORT);
    fake.emit({ action: 'arrivals_changed', location: 1, date: '2026-11-23' });
    expect(await screen.findByText(`${key} 2`)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/reports/'))).toHaveLength(1);
  });

  it('reads the settings again when an Admin changed them (settings_changed), and nothing else', async () => {
    const { fake, calls } = await openReaders('/configurations/settings/', OTHER_REPORT);
    fake.emit({ action: 'settings_changed' });
    expect(await screen.findByText('/configurations/settings/ 2')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/reports/'))).toHaveLength(1);
  });

  it("reads a person's own earnings again when the server says they changed (earnings_changed), and nothing else", async () => {
    const { fake, calls } = await openReaders('/payroll/my-earnings/', OTHER_REPORT);
    fake.emit({ action: 'earnings_changed', employee: 21, date: '2026-11-24' });
    expect(await screen.findByText('/payroll/my-earnings/ 2')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/reports/'))).toHaveLength(1);
    // An arrival anywhere the person may read also moves it (the frame the desk's own screen hears).
    fake.emit({ action: 'arrivals_changed', location: 1, date: '2026-11-24' });
    expect(await screen.findByText('/payroll/my-earnings/ 3')).toBeInTheDocument();
  });

  it("reads open floor boards again when a branch's floor changed (floor_changed), and nothing else", async () => {
    const { fake, calls } = await openReaders('/floor/board/?location=2', OTHER_REPORT);
    fake.emit({ action: 'floor_changed', location: 2, date: '2026-11-26' });
    expect(await screen.findByText('/floor/board/?location=2 2')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/reports/'))).toHaveLength(1);
  });
  it("reads a branch's open tabs again when its floor or its sales changed (floor_changed, leaderboard_changed)", async () => {
    const { fake, calls } = await openReaders('/sales/tabs/?location=2', '/banks/');
    fake.emit({ action: 'floor_changed', location: 2, date: '2026-11-26' });
    expect(await screen.findByText('/sales/tabs/?location=2 2')).toBeInTheDocument();
    fake.emit({ action: 'leaderboard_changed', month: 11, year: 2026, dates: ['2026-11-26'] });
    expect(await screen.findByText('/sales/tabs/?location=2 3')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/banks/')).toHaveLength(1);
  });

  it("toasts a new notification's message under its title: 'Leaderboard' alone says nothing of the new rank", async () => {
    mockApi({});
    const fake = createFakeLiveClient();
    render(
      <AppProvider swr={testSwr}>
        <LiveNotificationsProvider client={fake.client}>
          <p>panel</p>
        </LiveNotificationsProvider>
      </AppProvider>,
    );
    fake.emit({
      action: 'new_notification',
      notification: aNotification({
        type: 'leaderboard_rank',
        title: 'Leaderboard',
        message: 'You are now #4 for 16 Nov 2026 to 30 Nov 2026 (was #8), with ₱67,400.00 in net sales.',
      }),
      unread_count: 1,
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Leaderboard');
    expect(toast).toHaveTextContent(
      'You are now #4 for 16 Nov 2026 to 30 Nov 2026 (was #8), with ₱67,400.00 in net sales.',
    );
  });
});
