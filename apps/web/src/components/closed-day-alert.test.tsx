import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DayStatus } from '@ginhawa/contract';
import { mockApi } from '../test/api-mock';
import { renderInProviders } from '../test/render';
import { ClosedDayAlert } from './closed-day-alert';

const STATUS = 'GET /reports/day-status/?location=2';
const closedAt =
  'Makati closed today’s books at 13:02. A manager of Makati or an administrator may reopen the day to record more.';
const day = (over: Partial<DayStatus> = {}): DayStatus => ({
  location: 2,
  location_name: 'Makati',
  date: '2026-11-29',
  report: 40,
  status: 'submitted',
  closed: true,
  closed_at: '2026-11-29T05:02:00Z',
  closed_by_name: 'Lea Cruz',
  message: closedAt,
  can_reopen: false,
  open: [],
  ...over,
});

describe('ClosedDayAlert (decisions 0521, 0915)', () => {
  it('tells the desk the day is closed, and offers it no way to reopen it', async () => {
    mockApi({ [STATUS]: { status: 200, data: day() } });
    renderInProviders(<ClosedDayAlert location={2} />);
    expect(await screen.findByRole('status')).toHaveTextContent(closedAt);
    expect(screen.queryByRole('button', { name: 'Reopen the day' })).not.toBeInTheDocument();
  });

  it('lets a Manager reopen a submitted day; the alert goes once the day reads open', async () => {
    let reopened = false;
    const calls = mockApi({
      [STATUS]: () => ({
        status: 200,
        data: reopened
          ? day({ status: 'returned', closed: false, message: null, closed_at: null, closed_by_name: null })
          : day({ can_reopen: true }),
      }),
      'POST /reports/40/reopen/': () => {
        reopened = true;
        return { status: 200, data: { id: 40, status: 'returned' } };
      },
    });
    renderInProviders(<ClosedDayAlert location={2} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen the day' }));
    expect(
      await screen.findByText('Makati’s day is reopened: record what is left, then submit the report again.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url === '/reports/40/reopen/')).toHaveLength(1);
    expect(screen.queryByText(closedAt)).not.toBeInTheDocument();
  });

  it('an approved day says so and offers no reopening, whatever the reader', async () => {
    const approved =
      'Makati closed today’s books at 13:02, and the report is approved: that day takes no more sales or arrivals.';
    mockApi({ [STATUS]: { status: 200, data: day({ status: 'approved', message: approved }) } });
    renderInProviders(<ClosedDayAlert location={2} />);
    const alert = await screen.findByRole('status');
    expect(alert).toHaveTextContent(approved);
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});
