import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { manilaDate } from '@ginhawa/contract';
import type { User } from '../features/auth/api/get-my-data';
import type { Prefetch } from '../lib/swr';
import { prefetchDashboard, prefetchFloor, prefetchLayout } from './prefetch';

const ACTIVE_TERMINALS = '/invoicing/terminals/?page=1&pageSize=500&ordering=location_name%2Cname&is_active=true';

const person = (groups: string[], locations = [{ id: 3, name: 'Makati' }]): User => ({
  id: 7,
  username: 'desk',
  email: '',
  avatar: null,
  groups,
  locations,
  firstName: 'Ana',
  lastName: 'Cruz',
  mustChangePassword: false,
});

/** The keys a screen's loader asks for, in order. */
const keysOf = (run: (prefetch: Prefetch) => void) => {
  const keys: string[] = [];
  run((key) => keys.push(key));
  return keys;
};

describe("the desk's first reads, started before a screen's code (decision 1050)", () => {
  it('are, for a receptionist’s dashboard, each branch’s arrivals, end of day and open tabs', () => {
    const today = manilaDate(new Date());
    const keys = keysOf((p) =>
      prefetchDashboard(
        p,
        person(
          ['Receptionist'],
          [
            { id: 3, name: 'Makati' },
            { id: 4, name: 'Taguig' },
          ],
        ),
        new URL('http://x/dashboard'),
      ),
    );
    expect(keys).toEqual([
      `/clients/arrivals/?date=${today}&location=3&status=arrived&ordering=time&page=1&pageSize=100`,
      '/reports/end-of-day/?location=3',
      `/clients/arrivals/?date=${today}&location=4&status=arrived&ordering=time&page=1&pageSize=100`,
      '/reports/end-of-day/?location=4',
      '/sales/tabs/?location=3',
      '/sales/tabs/?location=4',
    ]);
  });

  it('are, for a therapist’s dashboard, only the employee record its tiles wait for', () => {
    expect(keysOf((p) => prefetchDashboard(p, person(['Therapist']), new URL('http://x/dashboard')))).toEqual([
      '/therapists/by-user/7/',
    ]);
  });

  it('are, on /floor, the board of the branch and day in the address when the branch is theirs', () => {
    const receptionist = person(
      ['Receptionist'],
      [
        { id: 3, name: 'Makati' },
        { id: 4, name: 'Taguig' },
      ],
    );
    expect(keysOf((p) => prefetchFloor(p, receptionist, new URL('http://x/floor')))).toEqual([
      '/floor/board/?location=3',
      '/reports/day-status/?location=3',
      '/sales/tabs/?location=3',
      '/floor/shifts/?location=3&open=true&page=1&pageSize=100',
      '/receptionists/by-user/7/',
    ]);
    // Another day has no closed-day notice to read; a branch not theirs is their first.
    expect(
      keysOf((p) => prefetchFloor(p, receptionist, new URL('http://x/floor?location=4&date=2026-11-20'))).slice(0, 2),
    ).toEqual(['/floor/board/?location=4&date=2026-11-20', '/sales/tabs/?location=4']);
    expect(keysOf((p) => prefetchFloor(p, receptionist, new URL('http://x/floor?location=9'))).at(0)).toBe(
      '/floor/board/?location=3',
    );
  });

  it('leave an Admin’s floor to the screen (their branch comes from the locations list)', () => {
    expect(keysOf((p) => prefetchFloor(p, person(['Admin']), new URL('http://x/floor')))).toEqual([]);
  });

  it('are, for the layout, the brand’s settings, the badge’s count and the desk’s invoicing', () => {
    expect(keysOf((p) => prefetchLayout(p))).toEqual([
      '/configurations/settings/',
      '/notifications/?is_read=false&pageSize=1',
      '/invoicing/desk/',
    ]);
  });

  it('are, once the desk’s invoicing answers "on", the active terminals the header’s chip reads (decision 1088)', async () => {
    for (const invoicing of ['on', 'off'] as const) {
      mockApi({ 'GET /invoicing/desk/': { status: 200, data: { invoicing, vat_status: 'vat', vat_rate: '12.00' } } });
      const keys: string[] = [];
      const reads: Promise<unknown>[] = [];
      prefetchLayout((key, fetcher) => {
        keys.push(key);
        if (key === '/invoicing/desk/') reads.push(fetcher(key));
      });
      await Promise.all(reads);
      expect(keys.includes(ACTIVE_TERMINALS), invoicing).toBe(invoicing === 'on');
    }
  });
});
