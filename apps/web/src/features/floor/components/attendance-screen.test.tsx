import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attendance } from '@ginhawa/contract';
import { mockApi } from '../../../test/api-mock';
import { renderWithRouter, setViewportWidth } from '../../../test/render';
import { AttendanceScreen } from './attendance-screen';
import { withEveryStyleRule } from '../../../test/hiding-styles-only';

const branches = [
  { id: 3, name: 'Quezon City' },
  { id: 5, name: 'Alabang' },
];
// 20 Nov 2026 in Manila: the second cutoff of November.
const CURRENT = 'GET /floor/shifts/attendance/?month=11&year=2026&cutoff=2';

const report: Attendance = {
  date_from: '2026-11-16',
  date_to: '2026-11-30',
  rows: [
    {
      employee: 31,
      employee_name: 'Maya Santos',
      employee_kind: 'therapist',
      location: 3,
      location_name: 'Quezon City',
      days: 4,
      hours: '31.50',
    },
    {
      employee: 40,
      employee_name: 'Rhea Lim',
      employee_kind: 'receptionist',
      location: 5,
      location_name: 'Alabang',
      days: 2,
      hours: '16.00',
    },
  ],
};

const show = (admin = false) =>
  renderWithRouter(<AttendanceScreen locations={branches} admin={admin} boardPath="/floor" />, {
    path: '/floor/attendance',
  });

describe('attendance screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T02:00:00Z'));
    setViewportWidth(1280);
  });
  afterEach(() => vi.useRealTimers());

  it('opens on the current cutoff: days and hours per person, and the same period as CSV', async () => {
    mockApi({ [CURRENT]: { status: 200, data: report } });
    show();
    const table = await screen.findByRole('table', { name: 'Attendance' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ['Name', 'Days', 'Hours', 'Role', 'Branch'],
      ['Maya Santos', '4', '31.50', 'Therapist', 'Quezon City'],
      ['Rhea Lim', '2', '16.00', 'Receptionist', 'Alabang'],
    ]);
    expect(screen.getByText('16 Nov 2026 to 30 Nov 2026 · hours of closed shifts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/floor/shifts/attendance/?month=11&year=2026&cutoff=2&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Floor board' })).toHaveAttribute('href', '/floor');
  });

  describe('with every style rule', () => {
    // These check colours or layout, not only what is hidden (the rest of the file needs no more).
    withEveryStyleRule();
    it('at 390 px shows name, days and hours, the role and branch under the name: nothing to scroll sideways to', async () => {
      setViewportWidth(390);
      mockApi({ [CURRENT]: { status: 200, data: report } });
      show();
      const table = await screen.findByRole('table', { name: 'Attendance' });
      const rows = within(table).getAllByRole('row');
      expect(rows.map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
        ['Name', 'Days', 'Hours'],
        ['Maya SantosTherapist · Quezon City', '4', '31.50'],
        ['Rhea LimReceptionist · Alabang', '2', '16.00'],
      ]);
      expect(within(rows[1]!).getByText('Therapist · Quezon City')).toHaveStyle({ display: 'block' });
    });
  });

  it('reads another branch and cutoff when chosen, the CSV following', async () => {
    const calls = mockApi({
      'GET /floor/shifts/attendance/': { status: 200, data: { ...report, rows: [] } },
    });
    show();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Branch' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All my branches',
      'Quezon City',
      'Alabang',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Alabang' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Cutoff' }));
    await userEvent.click(await screen.findByRole('option', { name: '1st–15th' }));
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/floor/shifts/attendance/?month=11&year=2026&cutoff=1&location=5'),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/floor/shifts/attendance/?month=11&year=2026&cutoff=1&location=5&format=csv',
    );
    expect(await screen.findByText(/^No shifts clocked 16 Nov 2026 to 30 Nov 2026\.$/)).toBeInTheDocument();
  });

  it('shows what failed with Try again', async () => {
    mockApi({ [CURRENT]: { status: 500, data: { message: 'The server had a problem.' } } });
    show(true);
    expect(await screen.findByText('The attendance could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
