import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq, gte, lte } from 'drizzle-orm';
import { addDays, todayInManila } from '@ginhawa/contract';
import { openMigratedPglite } from '../../test/database';
import { configurations, floorReservations, locations } from '../../db/schema/index';
import { seedDatabase, watchDemoFloor, type DemoTopUp } from '../../db/seed';
import { buildTestApp, type TestContext } from '../../test/build';
import { floorClock, instantOf } from './floor-shared.service';
import { resetFloorClock } from './floor.test-helpers';
import { DEMO_DAY_CHECK_MS } from './floor-top-up.demo';

/**
 * A demo server left running past the days its start booked (decision 0906): when Manila's day
 * turns, its own timer runs the start-up's top-up, once; never on a database that is not a demo one.
 * The floor's clock says what day it is; the timer's interval is faked (the database's own timers are not).
 */

let ctx: TestContext;
const seededOn = todayInManila();

/** "Now" moved to `HH:mm` Manila, `days` after the day the database was seeded. */
const moveTo = (days: number, time = '00:10') => {
  const now = instantOf(addDays(seededOn, days), time);
  floorClock.now = () => now;
  return addDays(seededOn, days);
};

const reservationsBetween = async (from: string, to: string) =>
  (
    await ctx.database.db
      .select({ n: count() })
      .from(floorReservations)
      .where(and(gte(floorReservations.date, from), lte(floorReservations.date, to)))
  )[0]!.n;

beforeAll(async () => {
  resetFloorClock();
  ctx = await buildTestApp();
});
afterEach(() => {
  vi.useRealTimers();
  resetFloorClock();
});
afterAll(async () => {
  await ctx?.close();
});

describe('a running demo server on a new day', () => {
  it('books the new day’s floor when Manila’s day turns, once, at its next look; stopped, it books nothing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const told: DemoTopUp[] = [];
    const errors: unknown[] = [];
    // Resolved by the next top-up's report: the test waits for it, however long the database takes.
    let reported: () => void = () => {};
    const nextReport = () => new Promise<void>((resolve) => (reported = resolve));
    const watch = await watchDemoFloor(ctx.database.db, {
      onBooked: (booked) => {
        told.push(booked);
        reported();
      },
      onError: (err) => errors.push(err),
    });
    expect(watch).not.toBeNull();

    // Still the day it started: a look books nothing and does not even ask.
    vi.advanceTimersByTime(DEMO_DAY_CHECK_MS);
    expect(told).toEqual([]);

    // Past midnight three days on, the seed's days behind it: nothing until the next look.
    const today = moveTo(3);
    expect(await reservationsBetween(today, addDays(today, 2))).toBe(0);
    vi.advanceTimersByTime(DEMO_DAY_CHECK_MS - 1);
    expect(told).toEqual([]);
    let report = nextReport();
    vi.advanceTimersByTime(1);
    await report;
    expect(told).toHaveLength(1);
    const branches = await ctx.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.isActive, true));
    expect(new Set(told[0]!.map((d) => d.date))).toEqual(new Set([today, addDays(today, 1), addDays(today, 2)]));
    expect(new Set(told[0]!.map((d) => d.locationId))).toEqual(new Set(branches.map((b) => b.id)));
    const booked = await reservationsBetween(today, addDays(today, 2));
    expect(booked).toBe(told[0]!.reduce((n, d) => n + d.reservations, 0));
    expect(booked).toBeGreaterThan(0);

    // The same day again: no second top-up.
    moveTo(3, '18:00');
    vi.advanceTimersByTime(3 * DEMO_DAY_CHECK_MS);
    expect(told).toHaveLength(1);

    // The next day's look runs it again; today is booked already, so it books nothing more.
    moveTo(4);
    report = nextReport();
    vi.advanceTimersByTime(DEMO_DAY_CHECK_MS);
    await report;
    expect(told).toHaveLength(2);
    expect(told[1]).toEqual([]);
    expect(await reservationsBetween(today, addDays(today, 2))).toBe(booked);

    // Stopped (the server closing): a later day gets no look at all.
    await watch!.stop();
    const later = moveTo(10);
    vi.advanceTimersByTime(10 * DEMO_DAY_CHECK_MS);
    expect(told).toHaveLength(2);
    expect(await reservationsBetween(later, addDays(later, 2))).toBe(0);
    expect(errors).toEqual([]);
  });

  it('is not started on a database that is not a demo one', async () => {
    const plain = await openMigratedPglite();
    try {
      await seedDatabase(plain.db, { adminPassword: 'admin-pass-for-the-test', seedDemo: false });
      expect((await plain.db.select({ demo: configurations.demo }).from(configurations))[0]?.demo).toBe(false);
      const never = () => {
        throw new Error('not a demo database');
      };
      expect(await watchDemoFloor(plain.db, { onBooked: never, onError: never })).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
