import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import { addDays, todayInManila } from '@ginhawa/contract';
import { openMigratedPglite } from '../../test/database';
import {
  clients,
  configurations,
  floorBookings,
  floorReservations,
  locations,
  treatments,
} from '../../db/schema/index';
import { seedDatabase, topUpDemoData } from '../../db/seed';
import { MIGRATIONS_FOLDER } from '../../paths';
import { DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { floorClock, instantOf } from './floor-shared.service';
import { resetFloorClock } from './floor.test-helpers';
import { DAY_PLAN } from './floor.demo';

/**
 * A demo database started again days later (decision 0906): the start-up books the demo floor's
 * coming days again from the first seed's plan, once, only where a day is empty, and never on a
 * database seeded without the demo.
 */

let ctx: TestContext;
let desk: Agent;
let branches: number[];
const seededOn = todayInManila();
/** A whole day of the plan at a demo account's branch (a couple is two). */
const FULL_DAY = DAY_PLAN.reduce((n, p) => n + p.therapists.length, 0);

/** "Now" moved to `HH:mm` Manila, `days` after the day the database was seeded. */
const moveTo = (days: number, time = '06:00') => {
  const now = instantOf(addDays(seededOn, days), time);
  floorClock.now = () => now;
  return addDays(seededOn, days);
};

/** A branch's reservations on a date as [time, treatment, therapist], in the day's order. */
const dayAt = async (locationId: number, date: string) =>
  (
    await ctx.database.db
      .select({ time: floorReservations.time, treatment: treatments.name, therapist: floorReservations.therapistId })
      .from(floorReservations)
      .innerJoin(treatments, eq(treatments.id, floorReservations.treatmentId))
      .where(and(eq(floorReservations.locationId, locationId), eq(floorReservations.date, date)))
      .orderBy(asc(floorReservations.time), asc(treatments.name), asc(floorReservations.id))
  ).map((r) => [r.time, r.treatment, r.therapist] as const);

const reservationsFrom = async (date: string) =>
  (await ctx.database.db.select({ n: count() }).from(floorReservations).where(gte(floorReservations.date, date)))[0]!.n;

const withoutTherapist = (day: (readonly [string, string, number | null])[]) =>
  day.map(([time, treatment]) => [time, treatment]);

beforeAll(async () => {
  // Another file of this worker may have left the clock set (floor.test-helpers.ts).
  resetFloorClock();
  ctx = await buildTestApp();
  desk = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
  branches = (
    await ctx.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.isActive, true))
      .orderBy(asc(locations.id))
  ).map((b) => b.id);
});
afterAll(async () => {
  resetFloorClock();
  await ctx?.close();
});

describe('the demo floor on a later start', () => {
  it('is marked as a demo database by its seed; a start on the day it was seeded books nothing more', async () => {
    const [row] = await ctx.database.db.select({ demo: configurations.demo }).from(configurations);
    expect(row?.demo).toBe(true);
    const before = await reservationsFrom(seededOn);
    expect(await topUpDemoData(ctx.database.db)).toEqual([]);
    expect(await reservationsFrom(seededOn)).toBe(before);
  });

  it('a week later books today, tomorrow and the day after at every branch from the first seed’s plan, once', async () => {
    // The first seed's tomorrow is a whole day of the plan at each branch (its today may be cut short).
    const plans = new Map<number, Awaited<ReturnType<typeof dayAt>>>();
    for (const id of branches) plans.set(id, await dayAt(id, addDays(seededOn, 1)));
    expect(plans.get(branches[0]!)).toHaveLength(FULL_DAY);

    const today = moveTo(7);
    const booked = await topUpDemoData(ctx.database.db);
    expect(new Set(booked.map((d) => d.locationId))).toEqual(new Set(branches));
    expect(new Set(booked.map((d) => d.date))).toEqual(new Set([today, addDays(today, 1), addDays(today, 2)]));
    for (const id of branches)
      for (const day of [0, 1, 2]) {
        const date = addDays(today, day);
        const got = await dayAt(id, date);
        expect(withoutTherapist(got), `${id} ${date}`).toEqual(withoutTherapist(plans.get(id)!));
        expect(booked.find((d) => d.locationId === id && d.date === date)?.reservations).toBe(got.length);
      }
    // The second day turns the therapists as the first seed's second day did.
    for (const id of branches) expect(await dayAt(id, addDays(today, 1)), `${id}`).toEqual(plans.get(id));
    // Nothing on the days between, nor after the three.
    expect(await dayAt(branches[0]!, addDays(today, -1))).toEqual([]);
    expect(await dayAt(branches[0]!, addDays(today, 3))).toEqual([]);

    // Started again the same day, or twice at once: nothing more.
    const after = await reservationsFrom(today);
    expect(await topUpDemoData(ctx.database.db)).toEqual([]);
    expect(await Promise.all([topUpDemoData(ctx.database.db), topUpDemoData(ctx.database.db)])).toEqual([[], []]);
    expect(await reservationsFrom(today)).toBe(after);
    // The next days still have theirs: a start there books nothing either.
    moveTo(9, '21:00');
    expect(await topUpDemoData(ctx.database.db)).toEqual([]);
  });

  it('leaves a day that has a reservation as it is, and plans around a service already holding a therapist', async () => {
    const home = (await desk.request({ method: 'GET', url: '/api/users/my_data/' })).json().locations[0].id as number;
    // The therapist the plan names first on its first day (the week-later start's today).
    const busy = (await dayAt(home, addDays(seededOn, 7)))[0]![2]!;
    const today = moveTo(20);
    const tomorrow = addDays(today, 1);
    const [client] = await ctx.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.locationId, home), eq(clients.isActive, true)))
      .limit(1);
    const [treatment] = await ctx.database.db
      .select({ id: treatments.id })
      .from(treatments)
      .where(eq(treatments.name, 'Swedish Massage'));
    const made = await desk.request({
      method: 'POST',
      url: '/api/floor/reservations/',
      payload: { client: client!.id, location: home, date: tomorrow, time: '12:00', treatment: treatment!.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    // Today that therapist's time is held all day already (without a reservation): the plan must not run into it.
    await ctx.database.db.insert(floorBookings).values({
      locationId: home,
      therapistId: busy,
      startsAt: instantOf(today, '00:00'),
      endsAt: instantOf(tomorrow, '00:00'),
    });

    const booked = await topUpDemoData(ctx.database.db);
    expect(booked.filter((d) => d.locationId === home).map((d) => d.date)).toEqual([today, addDays(today, 2)]);
    expect(await dayAt(home, tomorrow)).toEqual([['12:00', 'Swedish Massage', null]]);
    const todays = await dayAt(home, today);
    expect(todays.length).toBeGreaterThan(0);
    expect(todays.filter(([, , therapist]) => therapist === busy)).toEqual([]);
    expect(await dayAt(home, addDays(today, 2))).toHaveLength(FULL_DAY);
  });

  it('never books on a database that is not a demo one', async () => {
    await ctx.database.db.update(configurations).set({ demo: false });
    const today = moveTo(40);
    expect(await topUpDemoData(ctx.database.db)).toEqual([]);
    expect(await reservationsFrom(today)).toBe(0);

    const plain = await openMigratedPglite();
    try {
      await seedDatabase(plain.db, { adminPassword: 'admin-pass-for-the-test', seedDemo: false });
      const [row] = await plain.db.select({ demo: configurations.demo }).from(configurations);
      expect(row?.demo).toBe(false);
      expect(await topUpDemoData(plain.db)).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it('the migration marks a database the demo seed made before the mark, and no other', async () => {
    const file = fs.readdirSync(MIGRATIONS_FOLDER).find((f) => f.endsWith('_demo_database_mark.sql'))!;
    const backfill = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8').split('--> statement-breakpoint')[1]!;
    await ctx.database.db.update(configurations).set({ demo: false });
    await ctx.database.db.execute(sql.raw(backfill));
    expect((await ctx.database.db.select({ demo: configurations.demo }).from(configurations))[0]?.demo).toBe(true);

    const plain = await openMigratedPglite();
    try {
      await seedDatabase(plain.db, { adminPassword: 'admin-pass-for-the-test', seedDemo: false });
      await plain.db.execute(sql.raw(backfill));
      expect((await plain.db.select({ demo: configurations.demo }).from(configurations))[0]?.demo).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
