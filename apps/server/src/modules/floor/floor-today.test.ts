import { afterEach, describe, expect, it } from 'vitest';
import { floorClock, floorToday } from './floor-shared.service';

/** The one way the floor writes "today" (floor-shared.service.ts): Manila's day, by the floor's clock. */
describe('floorToday', () => {
  afterEach(() => {
    floorClock.now = () => new Date();
  });

  it('reads the floor’s clock, in Manila: 00:30 there is still the 26th in UTC', () => {
    floorClock.now = () => new Date('2026-11-26T16:30:00Z');
    expect(floorToday()).toBe('2026-11-27');
    floorClock.now = () => new Date('2026-11-26T15:59:59Z');
    expect(floorToday()).toBe('2026-11-26');
  });

  it('gives the day of an instant already read from the clock, whatever the clock says now', () => {
    floorClock.now = () => new Date('2026-12-31T16:00:00Z');
    expect(floorToday(new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
    expect(floorToday()).toBe('2027-01-01');
  });
});
