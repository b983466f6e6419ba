import { describe, expect, it, vi } from 'vitest';
import type { Screen } from './screens';
import { dailyScreens, preloadScreens } from './preload';

const pathsFor = (groups: string[]) => dailyScreens({ groups }).map((s) => s.path);

describe('the daily screens preloaded after sign-in', () => {
  it('are the bottom bar’s a person may use, and a client’s page', () => {
    expect(pathsFor(['Receptionist'])).toEqual([
      '/dashboard',
      '/clients',
      '/floor',
      '/clients/:clientId',
      '/notifications',
    ]);
    // The floor answers a salesperson 403: its code is not fetched for them.
    expect(pathsFor(['Salesperson'])).toEqual(['/dashboard', '/clients', '/clients/:clientId', '/notifications']);
    expect(pathsFor(['Admin'])).toContain('/floor');
  });

  it('are fetched only while the browser is online, and a failure is left to the screen', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    const screens = [{ path: '/dashboard', load }] as unknown as Screen[];
    preloadScreens(screens, () => false);
    expect(load).not.toHaveBeenCalled();
    preloadScreens(screens, () => true);
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });
});
