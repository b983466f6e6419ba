import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { todayInManila } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { clients, employees, locations, treatments, userLocations, users } from '../../db/schema/index';
import { signIn } from '../../test/agents';
import { buildTestApp, type Agent, type TestContext } from '../../test/build';
import { floorClock, instantOf } from './floor-shared.service';

/** Ids the floor tests build on: a branch of their own, a branch the manager does not work at, fresh therapists. */
export type FloorFixtures = {
  /** The tests' own branch (ownBranch): no rooms, no reservations, the demo desk, manager and therapist at it. */
  home: number;
  /** A branch neither the demo receptionist nor the demo manager works at. */
  foreign: number;
  /** An active therapist of that branch, for refusals across branches. */
  foreignTherapist: number;
  therapists: number[];
  /** The demo therapist's own record (with a login). */
  demoTherapist: number;
  treatment: { id: number; minutes: number };
  clients: number[];
};

let codeSeq = 0;

/** Adds `n` therapists without logins at the branch (the demo branch has too few active ones for every rule). */
export const addTherapists = async (db: Db, locationId: number, n: number, prefix: string) => {
  const rows = await db
    .insert(employees)
    .values(
      Array.from({ length: n }, (_, i) => ({
        kind: 'therapist',
        firstName: `${prefix}${String.fromCharCode(65 + i)}`,
        lastName: 'Floor',
        employeeCode: `FT-${prefix}-${(codeSeq += 1)}`.toUpperCase(),
        locationId,
        hireDate: '2024-01-01',
      })),
    )
    .returning({ id: employees.id });
  return rows.map((r) => r.id);
};

/** Hires a salesperson without a login at the branch (the tests' own branch has none), for desk payments. */
export const addSalesperson = async (db: Db, locationId: number, prefix: string) => {
  const [row] = await db
    .insert(employees)
    .values({
      kind: 'salesperson',
      firstName: `${prefix}Seller`,
      lastName: 'Floor',
      employeeCode: `FT-${prefix}-SALES-${(codeSeq += 1)}`.toUpperCase(),
      locationId,
      hireDate: '2024-01-01',
    })
    .returning({ id: employees.id });
  return row!.id;
};

/**
 * A branch of the tests' own: the demo database gives every branch rooms and the coming days'
 * reservations (docs/decisions/0902-floor-demo-data.md), and these tests count beds and bookings
 * from none. The demo desk, manager and therapist work there too; the demo therapist's record
 * moves there, so they clock themselves in at it.
 */
const ownBranch = async (db: Db, prefix: string, demoTherapist: number) => {
  const [branch] = await db
    .insert(locations)
    .values({ name: `Floor tests ${prefix}`, openingTime: '09:00', closingTime: '22:00' })
    .returning({ id: locations.id });
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.username, ['receptionist', 'manager', 'therapist']));
  await db.insert(userLocations).values(people.map((u) => ({ userId: u.id, locationId: branch!.id })));
  await db.update(employees).set({ locationId: branch!.id }).where(eq(employees.id, demoTherapist));
  return branch!.id;
};

export const loadFloorFixtures = async (db: Db, prefix = 'T'): Promise<FloorFixtures> => {
  const [demo] = await db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, 'therapist'));
  const managed = (
    await db
      .select({ id: userLocations.locationId })
      .from(userLocations)
      .innerJoin(users, eq(users.id, userLocations.userId))
      .where(inArray(users.username, ['manager', 'receptionist']))
  ).map((r) => r.id);
  const [foreign] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(notInArray(locations.id, managed), eq(locations.isActive, true)))
    .orderBy(asc(locations.id))
    .limit(1);
  const [treatment] = await db
    .select({ id: treatments.id, minutes: treatments.durationMinutes })
    .from(treatments)
    .where(and(eq(treatments.isActive, true), eq(treatments.durationMinutes, 60)))
    .orderBy(asc(treatments.id))
    .limit(1);
  const [abroad] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.kind, 'therapist'), eq(employees.locationId, foreign!.id), eq(employees.isActive, true)))
    .orderBy(asc(employees.id))
    .limit(1);
  const home = await ownBranch(db, prefix, demo!.id);
  // Clients of the suite's own: the demo floor books the demo's clients today, and a client has one
  // visit at a time (decision 0912), so a test's booking would meet the demo's.
  const someClients = await db
    .insert(clients)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        firstName: `${prefix}${String.fromCharCode(65 + i)}`,
        lastName: 'Client',
        locationId: home,
      })),
    )
    .returning({ id: clients.id });
  return {
    home,
    foreign: foreign!.id,
    foreignTherapist: abroad!.id,
    therapists: await addTherapists(db, home, 4, prefix),
    demoTherapist: demo!.id,
    treatment: { id: treatment!.id, minutes: treatment!.minutes },
    clients: someClients.map((c) => c.id),
  };
};

/** Sets the floor's clock to today's Manila `HH:mm` (plus seconds), so no test waits for time to pass. */
export const at = (time: string, seconds = 0) => {
  const now = new Date(instantOf(todayInManila(), time).getTime() + seconds * 1000);
  floorClock.now = () => now;
  return now;
};
/** The floor's clock back to the real time. */
export const resetFloorClock = () => {
  floorClock.now = () => new Date();
};
/** Today's Manila `HH:mm` as an instant, without touching the clock. */
export const instant = (time: string) => instantOf(todayInManila(), time);

export const today = () => todayInManila();

type Json = Record<string, unknown>;
export const post = async (agent: Agent, url: string, payload: Json = {}) =>
  agent.request({ method: 'POST', url, payload });
export const get = async (agent: Agent, url: string) => agent.request({ method: 'GET', url });

/** Books the 60-minute treatment for the first client at the home branch today; `fields` give the time and the rest. */
export const reserve = (agent: Agent, f: FloorFixtures, fields: Json & { time: string }) =>
  post(agent, '/api/floor/reservations/', {
    client: f.clients[0],
    location: f.home,
    date: today(),
    treatment: f.treatment.id,
    ...fields,
  });

/** Adds a room with one single bed unless `fields` say otherwise. */
export const addRoom = (agent: Agent, fields: Json & { location: number; name: string }) =>
  post(agent, '/api/floor/rooms/', { kind: 'single', beds: 1, ...fields });

/** The board's line, as `name:state` in order, for assertions that read like the whiteboard. */
export const lineOfBoard = (
  board: { queue: { therapist: number; state: string; is_next: boolean }[] },
  names: Map<number, string>,
) => board.queue.map((q) => `${names.get(q.therapist) ?? q.therapist}:${q.state}${q.is_next ? '*' : ''}`);

/**
 * Everyone the floor's role rules name, signed in: the demo admin, manager, receptionist (the desk),
 * therapist and salesperson, and `outsider`, a receptionist of the branch neither works at.
 */
export const signInFloorPeople = async (ctx: TestContext, f: FloorFixtures) => {
  const [elsewhere] = await ctx.database.db
    .select({ username: users.username })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(employees.kind, 'receptionist'), eq(employees.locationId, f.foreign), eq(users.isActive, true)))
    .limit(1);
  return {
    admin: await signIn(ctx.app, 'admin'),
    manager: await signIn(ctx.app, 'manager'),
    desk: await signIn(ctx.app, 'receptionist'),
    therapist: await signIn(ctx.app, 'therapist'),
    salesperson: await signIn(ctx.app, 'salesperson'),
    outsider: await signIn(ctx.app, elsewhere!.username),
  };
};

/**
 * A floor suite's start: the app on its own copy of the demo database, the fixtures under `prefix`
 * (each suite its own, so their branches and therapists are told apart), and everyone signed in.
 */
export const startFloorTests = async (prefix: string) => {
  const built = await buildTestApp();
  // The server's test files share a worker's modules (vitest.config.ts, isolate: false): a clock
  // `at()` set must not outlive the file, or the next file's "now" is this file's morning.
  const ctx = { ...built, close: () => (resetFloorClock(), built.close()) };
  const f = await loadFloorFixtures(ctx.database.db, prefix);
  return { ctx, f, ...(await signInFloorPeople(ctx, f)) };
};
