import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Faker } from '@faker-js/faker';
import { addDays } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import {
  clients,
  employees,
  floorBookings,
  floorReservations,
  floorSettings,
  locations,
  rooms,
  treatments,
  users,
} from '../../db/schema/index';
import { addMinutes, floorClock, floorToday, instantOf } from './floor-shared.service';
import { ruleAllows } from './room-pick.service';

/**
 * The demo floor (docs/decisions/0902-floor-demo-data.md): every branch gets the same rooms, and
 * the coming days' reservations from one plan, so a newcomer's board has rooms, blocks and
 * deposits to try. Nobody is clocked in: the demo's first step on the board is clocking someone in.
 */

/** Named after Philippine flowers; the kinds are the words the demo treatments name in `room_kinds`. */
export const DEMO_ROOMS = [
  { name: 'Sampaguita', kind: 'single', beds: 1, rule: 'any' },
  { name: 'Ilang-Ilang', kind: 'single', beds: 1, rule: 'any' },
  { name: 'Kamia', kind: 'single', beds: 1, rule: 'any' },
  { name: 'Rosal', kind: 'single', beds: 1, rule: 'women' },
  { name: 'Couple Suite', kind: 'couple', beds: 2, rule: 'any' },
  { name: 'Foot Spa Lounge', kind: 'foot spa', beds: 4, rule: 'any' },
] as const;

type Planned = {
  /** Minutes after the branch opens. */
  at: number;
  treatment: string;
  /**
   * One per client side by side (a couple: two): which of the branch's active therapists (turned
   * by the day), or null: any therapist.
   */
  therapists: (number | null)[];
  /** A GCash deposit, in pesos, on the first client's reservation. */
  deposit?: string;
  /** The client's gender on file, per client (a prenatal massage is a woman's; a couple, a woman and a man). */
  genders?: ('female' | 'male')[];
  /** The room the desk chose (the women-only room for a prenatal client). */
  room?: string;
  notes?: string;
};

/**
 * One day at a busy branch. Each named therapist's blocks are apart whichever way the day turns
 * them; "any therapist" blocks are apart too (the board shows them in one column); nothing starts
 * within the hour after the seed ran, so "Assign next" finds someone free.
 */
export const DAY_PLAN: Planned[] = [
  { at: 0, treatment: 'Swedish Massage', therapists: [0], deposit: '500.00' },
  { at: 30, treatment: 'Foot Reflexology', therapists: [null] },
  { at: 90, treatment: 'Hilot', therapists: [1], notes: 'Prefers medium pressure.' },
  {
    at: 120,
    treatment: 'Couples Retreat',
    therapists: [0, 2],
    genders: ['female', 'male'],
    deposit: '1000.00',
    notes: 'Anniversary.',
  },
  { at: 180, treatment: 'Classic Facial', therapists: [1] },
  { at: 210, treatment: 'Foot Spa', therapists: [null] },
  { at: 270, treatment: 'Hot Stone Massage', therapists: [0], deposit: '500.00' },
  { at: 300, treatment: 'Deep Tissue Massage', therapists: [null] },
  { at: 300, treatment: 'Thai Massage', therapists: [2] },
  {
    at: 360,
    treatment: 'Prenatal Massage',
    therapists: [1],
    genders: ['female'],
    room: 'Rosal',
    deposit: '300.00',
    notes: '28 weeks.',
  },
  { at: 420, treatment: 'Ventosa Massage', therapists: [null] },
  { at: 450, treatment: 'Shiatsu', therapists: [2] },
];
/** Branches the demo accounts do not work at get a quieter day: these entries of the plan. */
const QUIET_DAY = new Set([0, 1, 3, 5, 7, 9]);
/** Today (from an hour after the seed ran), tomorrow and the day after. */
export const DEMO_DAYS = 3;

type Branch = { id: number; opens: number; closes: number };
type Client = { id: number; gender: string | null };
type Range = [number, number];

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Who holds what when, as the seed writes it: the same rule the exclusion constraints keep. */
const createCalendar = () => {
  const held = new Map<string, Range[]>();
  const free = (key: string, [from, to]: Range) => !(held.get(key) ?? []).some(([a, b]) => a < to && b > from);
  const hold = (key: string, range: Range) => held.set(key, [...(held.get(key) ?? []), range]);
  const uses = (key: string) => held.get(key)?.length ?? 0;
  return { free, hold, uses };
};

/** What a floor_bookings row holds in the calendar: its bed (and room), its therapist, its client (decision 0912). */
export const holdBooking = (
  calendar: ReturnType<typeof createCalendar>,
  b: {
    roomId: number | null;
    bed: number | null;
    therapistId: number | null;
    clientId?: number | null;
    startsAt: Date;
    endsAt: Date;
  },
) => {
  const range: Range = [b.startsAt.getTime(), b.endsAt.getTime()];
  if (b.clientId !== undefined && b.clientId !== null) calendar.hold(`client:${b.clientId}`, range);
  if (b.roomId !== null) {
    calendar.hold(`bed:${b.roomId}:${b.bed}`, range);
    calendar.hold(`room:${b.roomId}`, range);
  }
  if (b.therapistId !== null) calendar.hold(`therapist:${b.therapistId}`, range);
};

/** The rooms, one set per branch; answers each branch's rooms. */
const seedRooms = async (tx: Tx, branchIds: number[], by: number | null) => {
  const rows = await tx
    .insert(rooms)
    .values(
      branchIds.flatMap((locationId) => DEMO_ROOMS.map((r) => ({ locationId, ...r, createdBy: by, updatedBy: by }))),
    )
    .returning();
  return new Map(branchIds.map((id) => [id, rows.filter((r) => r.locationId === id)]));
};

export const loadBranches = async (tx: Tx): Promise<Branch[]> => {
  const rows = await tx
    .select({ id: locations.id, open: locations.openingTime, close: locations.closingTime })
    .from(locations)
    .where(eq(locations.isActive, true))
    .orderBy(asc(locations.id));
  return rows.map((r) => {
    const opens = minutesOf(r.open);
    const closes = minutesOf(r.close);
    // A branch that closes after midnight (Malate): the plan's day ends by midnight there.
    return { id: r.id, opens, closes: closes > opens ? closes : 24 * 60 };
  });
};

type Context = {
  tx: Tx;
  faker: Faker;
  by: number | null;
  calendar: ReturnType<typeof createCalendar>;
  treatmentsByName: Map<string, { id: number; minutes: number; kinds: string[] }>;
  earliest: Date;
};

export type Room = typeof rooms.$inferSelect;

/** Orders by the first key that differs. */
const byKeys = (a: number[], b: number[]) => {
  for (const [i, v] of a.entries()) if (v !== b[i]) return v - b[i]!;
  return 0;
};

/**
 * A free bed that suits the treatment and the client (room-pick.service's rule): the room the plan
 * names if free, else the smallest suitable room (couple rooms stay free for couples), an
 * open-to-all room before a women- or men-only one (kept for who asks for it), the one used least
 * so far among equals, as a desk spreads its bookings over the rooms.
 */
const freeBed = (
  c: Context,
  roomsOfBranch: Room[],
  need: { kinds: string[]; client: Client; range: Range; room?: string },
) => {
  const suits = (room: Room) =>
    (need.kinds.length === 0 || need.kinds.includes(room.kind)) && ruleAllows(room.rule, need.client.gender);
  const rank = (r: Room) => [
    r.name === need.room ? 0 : 1,
    r.beds,
    r.rule === 'any' ? 0 : 1,
    c.calendar.uses(`room:${r.id}`),
  ];
  const byUse = roomsOfBranch
    .filter(suits)
    .map((r) => ({ r, key: rank(r) }))
    .sort((a, b) => byKeys(a.key, b.key))
    .map(({ r }) => r);
  for (const room of byUse)
    for (let bed = 1; bed <= room.beds; bed += 1)
      if (c.calendar.free(`bed:${room.id}:${bed}`, need.range)) return { roomId: room.id, bed };
  return null;
};

type Booked = {
  locationId: number;
  clientId: number;
  date: string;
  time: string;
  startsAt: Date;
  endsAt: Date;
  treatment: { id: number; minutes: number };
  therapistId: number | null;
  bed: { roomId: number; bed: number };
  deposit: string | null;
  notes: string;
};

/** A reservation and the time it holds (floor_bookings), written as the desk's booking would be. */
const writeReservation = async (c: Context, r: Booked) => {
  const [row] = await c.tx
    .insert(floorReservations)
    .values({
      clientId: r.clientId,
      locationId: r.locationId,
      date: r.date,
      time: r.time,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      durationMinutes: r.treatment.minutes,
      treatmentId: r.treatment.id,
      therapistId: r.therapistId,
      roomId: r.bed.roomId,
      bed: r.bed.bed,
      depositMethod: r.deposit ? 'e_wallet' : null,
      depositAmount: r.deposit,
      depositReference: r.deposit ? c.faker.string.numeric(13) : '',
      depositStatus: r.deposit ? 'held' : null,
      notes: r.notes,
      createdBy: c.by,
      updatedBy: c.by,
    })
    .returning({ id: floorReservations.id });
  await c.tx.insert(floorBookings).values({
    locationId: r.locationId,
    therapistId: r.therapistId,
    roomId: r.bed.roomId,
    bed: r.bed.bed,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    reservationId: row!.id,
  });
  holdBooking(c.calendar, { ...r, roomId: r.bed.roomId, bed: r.bed.bed });
};

/** One branch's reservations for one day of the plan; entries that would not fit are left out. Answers how many. */
const seedDay = async (
  c: Context,
  branch: Branch & {
    rooms: Room[];
    therapists: number[];
    clients: (gender: string | undefined, range: Range) => Client | null;
  },
  date: string,
  day: number,
  plan: Planned[],
) => {
  let written = 0;
  for (const p of plan) {
    const treatment = c.treatmentsByName.get(p.treatment);
    const start = branch.opens + p.at;
    if (!treatment || start + treatment.minutes > branch.closes) continue;
    const startsAt = instantOf(date, hhmm(start));
    const endsAt = addMinutes(startsAt, treatment.minutes);
    const range: Range = [startsAt.getTime(), endsAt.getTime()];
    if (startsAt < c.earliest) continue;
    const therapistIds = p.therapists.map((t) =>
      t === null || branch.therapists.length === 0 ? null : branch.therapists[(t + day) % branch.therapists.length]!,
    );
    if (therapistIds.some((t) => t !== null && !c.calendar.free(`therapist:${t}`, range))) continue;
    for (const [seat, therapistId] of therapistIds.entries()) {
      const client = branch.clients(p.genders?.[seat], range);
      const bed = client && freeBed(c, branch.rooms, { kinds: treatment.kinds, client, range, room: p.room });
      if (!client || !bed) continue;
      const deposit = seat === 0 && p.deposit ? p.deposit : null;
      const notes = [deposit ? 'Deposit by GCash.' : '', seat === 0 ? (p.notes ?? '') : ''].filter(Boolean).join(' ');
      const base = { locationId: branch.id, clientId: client.id, date, time: hhmm(start), startsAt, endsAt };
      await writeReservation(c, { ...base, treatment, therapistId, bed, deposit, notes });
      written += 1;
    }
  }
  return written;
};

/**
 * The branch's active clients one after another, round and round (the next of a gender when asked),
 * passing over one already booked in the range: a client has one visit at a time (decision 0912);
 * null: none.
 */
const clientsOf = async (tx: Tx, locationId: number, calendar: ReturnType<typeof createCalendar>) => {
  const rows = await tx
    .select({ id: clients.id, gender: clients.gender })
    .from(clients)
    .where(and(eq(clients.locationId, locationId), eq(clients.isActive, true)))
    .orderBy(asc(clients.id))
    .limit(60);
  if (rows.length === 0) return null;
  let next = -1;
  return (gender: string | undefined, range: Range) => {
    for (let tries = 0; tries < rows.length; tries += 1) {
      const client = rows[(next += 1) % rows.length]!;
      if ((gender === undefined || client.gender === gender) && calendar.free(`client:${client.id}`, range))
        return client;
    }
    return null;
  };
};

/** What the plan's days are booked with: who books them, the menu, and from when (an hour after now, on the 15-minute grid). */
export const demoContext = async (tx: Tx, faker: Faker): Promise<Context & { today: string }> => {
  const [desk] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'receptionist'));
  const menu = await tx
    .select({
      id: treatments.id,
      name: treatments.name,
      minutes: treatments.durationMinutes,
      kinds: treatments.roomKinds,
    })
    .from(treatments)
    .where(
      and(eq(treatments.isActive, true), inArray(treatments.name, [...new Set(DAY_PLAN.map((p) => p.treatment))])),
    );
  const now = floorClock.now();
  return {
    tx,
    faker,
    by: desk?.id ?? null,
    calendar: createCalendar(),
    treatmentsByName: new Map(menu.map((t) => [t.name, t])),
    earliest: new Date(Math.ceil(addMinutes(now, 60).getTime() / 900_000) * 900_000),
    today: floorToday(now),
  };
};

/** A branch as the plan books it: `index` is its place among the active branches (the first two get the full day). */
export type DemoBranch = Branch & { index: number; rooms: Room[] };

/**
 * The plan's three days from today at each branch, but the days `keep` says are booked already.
 * Answers the days it booked, with how many reservations each.
 */
export const bookComingDays = async (
  c: Context & { today: string },
  branches: DemoBranch[],
  keep: (locationId: number, date: string) => boolean = () => false,
) => {
  const booked: { locationId: number; date: string; reservations: number }[] = [];
  for (const branch of branches) {
    const next = await clientsOf(c.tx, branch.id, c.calendar);
    if (!next) continue;
    const therapists = await c.tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.locationId, branch.id), eq(employees.kind, 'therapist'), eq(employees.isActive, true)))
      .orderBy(asc(employees.id));
    const plan = branch.index < 2 ? DAY_PLAN : DAY_PLAN.filter((_, i) => QUIET_DAY.has(i));
    const full = { ...branch, therapists: therapists.map((t) => t.id), clients: next };
    for (let day = 0; day < DEMO_DAYS; day += 1) {
      const date = addDays(c.today, day);
      if (keep(branch.id, date)) continue;
      const reservations = await seedDay(c, full, date, day, plan);
      if (reservations > 0) booked.push({ locationId: branch.id, date, reservations });
    }
  }
  return booked;
};

/**
 * Rooms at every branch, the second branch's own no-show rule, and the coming three days'
 * reservations (after the demo clients exist; none without clients). Called by db/seed.ts.
 */
export const seedDemoFloor = async (tx: Tx, { faker }: { faker: Faker }) => {
  const c = await demoContext(tx, faker);
  const branches = await loadBranches(tx);
  if (branches.length === 0) return;
  const roomsOf = await seedRooms(
    tx,
    branches.map((b) => b.id),
    c.by,
  );
  // The second branch credits a no-show's deposit and waits longer: the settings differ by branch.
  if (branches[1])
    await tx.insert(floorSettings).values({
      locationId: branches[1].id,
      graceMinutes: 20,
      noShowDeposit: 'credit',
      createdBy: c.by,
      updatedBy: c.by,
    });
  await bookComingDays(
    c,
    branches.map((b, index) => ({ ...b, index, rooms: roomsOf.get(b.id)! })),
  );
};
