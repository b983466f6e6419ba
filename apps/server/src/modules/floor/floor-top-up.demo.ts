import { and, asc, eq, gt, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Faker } from '@faker-js/faker';
import { addDays } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import { floorBookings, floorReservations, rooms } from '../../db/schema/index';
import { floorToday, instantOf, lockFloors, publishFloor } from './floor-shared.service';
import { DEMO_DAYS, bookComingDays, demoContext, holdBooking, loadBranches } from './floor.demo';

/**
 * The demo floor's coming days again, on a later start of a demo database (decision 0906): a
 * branch whose floor has no reservation today, in any state, gets the plan's today, tomorrow and
 * day after, each only if that day has none yet, in the rooms it has now. The caller checks that
 * the database is a demo one (db/seed.ts). Answers the days it booked, with how many reservations each.
 */
export const topUpDemoFloor = async (tx: Tx, { faker }: { faker: Faker }) => {
  const c = await demoContext(tx, faker);
  const last = addDays(c.today, DEMO_DAYS - 1);
  const active = await loadBranches(tx);
  // Each branch's floor lock, in id order, as every desk's write takes it (decision 0900): a second
  // server starting at the same moment waits here and then finds today booked; a desk's booking
  // waits too, so the plan never runs into it.
  await lockFloors(
    tx,
    active.map((b) => b.id),
  );
  const days = await tx
    .selectDistinct({ locationId: floorReservations.locationId, date: floorReservations.date })
    .from(floorReservations)
    .where(and(gte(floorReservations.date, c.today), lte(floorReservations.date, last)));
  const booked = new Set(days.map((d) => `${d.locationId} ${d.date}`));
  const keep = (locationId: number, date: string) => booked.has(`${locationId} ${date}`);
  // The index stays each branch's place among all active ones: the same plan as the first seed.
  const branches = active.map((b, index) => ({ ...b, index })).filter((b) => !keep(b.id, c.today));
  if (branches.length === 0) return [];
  const ids = branches.map((b) => b.id);

  const roomRows = await tx
    .select()
    .from(rooms)
    .where(and(inArray(rooms.locationId, ids), eq(rooms.isActive, true)))
    .orderBy(asc(rooms.id));
  // What already holds time on those days (a service in progress, a walk-in's bed): the plan goes around it.
  const held = await tx
    .select()
    .from(floorBookings)
    .where(
      and(
        inArray(floorBookings.locationId, ids),
        gt(floorBookings.endsAt, instantOf(c.today, '00:00')),
        lt(floorBookings.startsAt, instantOf(addDays(last, 1), '00:00')),
      ),
    );
  for (const booking of held) holdBooking(c.calendar, booking);
  // Deposit references of its own, not the first seed's again.
  faker.seed(Number(c.today.replaceAll('-', '')));

  const written = await bookComingDays(
    c,
    branches.map((b) => ({ ...b, rooms: roomRows.filter((r) => r.locationId === b.id) })),
    keep,
  );
  for (const day of written) await publishFloor(tx, day.locationId, day.date);
  return written;
};

/** How often a running demo server looks whether Manila's day has turned (decision 0906). */
export const DEMO_DAY_CHECK_MS = 5 * 60_000;

type DemoDaysOptions = {
  /** The start-up's own top-up (db/seed.ts, topUpDemoData), run once on each new day. */
  topUp: () => Promise<unknown>;
  /** A failed top-up is told here and tried again at the next look. */
  onError: (err: unknown) => void;
};

/**
 * A demo server left running past the days its start booked (decision 0906): every few minutes it
 * looks at the floor's day (its clock, in Manila) and, when the day has turned since the start or
 * the last top-up, runs the top-up once. The start-up has done today's, so the first look books
 * nothing. The timer never keeps the process alive; `stop` ends it and waits for a top-up under way,
 * so the database is not closed beneath it.
 */
export const watchDemoDays = ({ topUp, onError }: DemoDaysOptions) => {
  let done = floorToday();
  let running: Promise<void> | null = null;
  const look = async () => {
    const today = floorToday();
    try {
      await topUp();
      done = today;
    } catch (err) {
      onError(err);
    } finally {
      running = null;
    }
  };
  const timer = setInterval(() => {
    if (running === null && floorToday() !== done) running = look();
  }, DEMO_DAY_CHECK_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
