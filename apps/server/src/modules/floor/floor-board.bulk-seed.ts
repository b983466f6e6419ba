import { BUSINESS_ZONE } from '../../db/business-zone';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addMinutes, floorToday, instantOf } from './floor-shared.service';

/** The demo clients `insertBusyBranch` needs for `reservations` a day: one each, whatever the hour. */
export const clientsFor = (reservations: number) => Math.max(400, reservations + 200);

/** What `insertBusyBranch` built: the branch, and a therapist of it who is not on shift (the live bench clocks them in and out). */
export type BusyBranch = { location: number; offShift: number; reservations: number; inService: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Ten single rooms, five couple rooms, three foot-spa rooms of four chairs, two group rooms of four beds: 40 beds. */
const ROOM_SET = [
  ...Array.from({ length: 10 }, (_, i) => ({
    name: `Room ${i + 1}`,
    kind: 'single',
    beds: 1,
    rule: i === 0 ? 'women' : i === 1 ? 'men' : 'any',
  })),
  ...Array.from({ length: 5 }, (_, i) => ({ name: `Couple ${i + 1}`, kind: 'couple', beds: 2, rule: 'any' })),
  ...Array.from({ length: 3 }, (_, i) => ({ name: `Foot spa ${i + 1}`, kind: 'foot', beds: 4, rule: 'any' })),
  ...Array.from({ length: 2 }, (_, i) => ({ name: `Group ${i + 1}`, kind: 'group', beds: 4, rule: 'any' })),
];
/** Therapists per set of rooms: one bed each. */
const SET_THERAPISTS = 40;
/** A day of eight 90-minute slots per therapist: 320 places a set, so 300 reservations never overlap. */
const SLOTS = 8;
/** As many sets of 40 therapists and 20 rooms as `reservations` a day need (one set up to 320; 3,000 take ten). */
const setsFor = (reservations: number) => Math.max(1, Math.ceil(reservations / (SET_THERAPISTS * SLOTS)));
const roomsOf = (sets: number) =>
  Array.from({ length: sets }, (_, k) =>
    ROOM_SET.map((r) => ({ ...r, name: k === 0 ? r.name : `${r.name}, wing ${k + 1}` })),
  ).flat();
const SLOT_MINUTES = 90;

/**
 * The 12-hour day the reservations fill: it starts four hours before now (on the quarter hour),
 * kept inside today in Manila, so "now" falls inside it whenever the bench runs.
 */
const dayWindow = (now: Date) => {
  const midnight = instantOf(floorToday(now), '00:00');
  const latest = addMinutes(midnight, 24 * 60 - SLOTS * SLOT_MINUTES);
  const wanted = Math.min(Math.max(now.getTime() - 4 * 3600_000, midnight.getTime()), latest.getTime());
  return new Date(wanted - ((wanted - midnight.getTime()) % (15 * 60_000)));
};

/**
 * A busy branch for `npm run bench:floor` (issue 22's figures), in a handful of INSERT … SELECT
 * statements: 40 therapists on shift in the rotation (three on a break) and one off shift, 20
 * rooms of four kinds with 40 beds (as many times that as `reservations` need: 320 a day each,
 * so 3,000 a day take 400 therapists and 200 rooms; issue 35), and `reservations` a day, today and on each of the
 * `historyDays` before (their bookings stay, as arrivals' services leave them), spread over the day. Each
 * therapist's reservations follow one another in 90-minute slots on a bed of their own, so the
 * exclusion constraints accept them all. Those already over arrived (one in seven a no-show, one in
 * eleven cancelled); those running now mostly arrived and are in service; later ones are booked;
 * one in ten is for any therapist, one in five carries an e-wallet deposit. `manager` and
 * `receptionist` are given the branch, so their sockets hear its `floor_changed`.
 */
export const insertBusyBranch = async (
  db: Db,
  { reservations, historyDays }: { reservations: number; historyDays: number },
  now = new Date(),
): Promise<BusyBranch> => {
  const sets = setsFor(reservations);
  const therapistCount = SET_THERAPISTS * sets;
  const rooms = roomsOf(sets);
  const today = floorToday(now);
  const start = dayWindow(now);
  const [admin] = rowsOf<{ id: number }>(await db.execute(sql`select id from users where username = 'admin'`));
  const by = admin!.id;
  const [loc] = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into locations (name, opening_time, closing_time) values ('Bench floor branch', '08:00', '23:00') returning id`,
    ),
  );
  const location = loc!.id;
  await db.execute(sql`
    insert into user_locations (user_id, location_id)
    select id, ${location}::int from users where username in ('manager', 'receptionist')`);
  const staff = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into employees (kind, first_name, last_name, employee_code, location_id, hire_date, created_by, updated_by)
      select 'therapist', (array['Maria','Jose','Ana','Mark','Rosa','Joy','Paolo','Liza','Ramon','Grace'])[1 + g % 10],
        'Floor ' || g, 'BENCH-FLOOR-' || g, ${location}::int, '2022-03-01', ${by}::int, ${by}::int
      from generate_series(0, ${therapistCount}) g
      returning id`),
  ).map((r) => r.id);
  const therapists = staff.slice(0, therapistCount);
  const values = rooms.map((r) => sql`(${location}, ${r.name}, ${r.kind}, ${r.beds}, ${r.rule}, ${by}, ${by})`);
  const roomIds = rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into rooms (location_id, name, kind, beds, rule, created_by, updated_by) values ${sql.join(values, sql`, `)} returning id`,
    ),
  ).map((r) => r.id);
  // Therapist slot t works on bed t of the branch's 40 (room by room).
  const beds = rooms.flatMap((r, i) => Array.from({ length: r.beds }, (_, b) => ({ room: roomIds[i]!, bed: b + 1 })));
  const intArray = (xs: number[]) => sql`${`{${xs.join(',')}}`}::int[]`;
  const shiftStart = addMinutes(new Date(Math.min(start.getTime(), now.getTime())), -45);
  await db.execute(sql`
    with th as (select id, ord - 1 as t from unnest(${intArray(therapists)}) with ordinality as u(id, ord)),
    sh as (
      insert into shifts (employee_id, location_id, started_at, clocked_in_by)
      select id, ${location}::int, ${shiftStart.toISOString()}::timestamptz + t * interval '1 minute', ${by}::int from th
      returning id, employee_id, started_at)
    insert into floor_queue (employee_id, location_id, shift_id, queued_at, break_since)
    select sh.employee_id, ${location}::int, sh.id, sh.started_at,
      case when th.t % 13 = 5 then ${now.toISOString()}::timestamptz - interval '10 minutes' end
    from sh join th on th.id = sh.employee_id`);
  await insertReservations(db, {
    location,
    by,
    today,
    start,
    now,
    reservations,
    historyDays,
    therapists,
    beds,
    perSlot: therapistCount,
    intArray,
  });
  const [counts] = rowsOf<{ n: number; serving: number }>(
    await db.execute(sql`
      select count(*)::int as n,
        count(*) filter (where status = 'arrived' and starts_at <= ${now.toISOString()}::timestamptz
          and ends_at > ${now.toISOString()}::timestamptz)::int as serving
      from floor_reservations where location_id = ${location} and date = ${today}`),
  );
  for (const table of ['floor_reservations', 'floor_bookings', 'floor_queue', 'shifts', 'rooms', 'client_arrivals'])
    await db.execute(sql.raw(`analyze ${table}`));
  return { location, offShift: staff[therapistCount]!, reservations: counts!.n, inService: counts!.serving };
};

type Plan = {
  location: number;
  by: number;
  today: string;
  start: Date;
  now: Date;
  reservations: number;
  historyDays: number;
  therapists: number[];
  beds: { room: number; bed: number }[];
  /** Therapists (one bed each): reservations `g` go to therapist `g % perSlot`, in slot `g / perSlot`. */
  perSlot: number;
  intArray: (xs: number[]) => ReturnType<typeof sql>;
};

/**
 * The reservations, the arrivals of those that arrived, and the bookings that hold their time. A
 * day's reservations go to distinct clients (one visit at a time: `floor_bookings_client_excl`),
 * so the database needs at least `reservations` active clients (`clientsFor`).
 */
const insertReservations = async (db: Db, p: Plan) => {
  const now = sql`${p.now.toISOString()}::timestamptz`;
  const by = sql`${p.by}::int`;
  const location = sql`${p.location}::int`;
  await db.execute(sql`
    with slot as (
      select d, g, g % ${p.perSlot} as t, g % 10 = 9 as anyone,
        ${p.start.toISOString()}::timestamptz + d * interval '1 day' + (g / ${p.perSlot}) * ${SLOT_MINUTES} * interval '1 minute' as starts,
        case when g % 3 = 0 then 90 else 60 end as minutes
      from generate_series(${-p.historyDays}, 0) d, generate_series(0, ${p.reservations - 1}) g),
    timed as (
      select *, starts + minutes * interval '1 minute' as ends,
        case
          when starts + minutes * interval '1 minute' <= ${now} then
            case when g % 7 = 0 then 'no_show' when g % 11 = 0 then 'cancelled' else 'arrived' end
          when starts <= ${now} then case when anyone or g % 4 = 0 then 'booked' else 'arrived' end
          else case when g % 13 = 0 then 'cancelled' else 'booked' end
        end as status,
        g % 5 = 0 as deposit
      from slot),
    -- Clients with no reservation yet: the demo data's own floor (decision 0902) books some today.
    cl as (
      select array_agg(id order by id) as ids from clients
      where is_active and id not in (select client_id from floor_reservations))
    insert into floor_reservations (client_id, location_id, date, time, starts_at, ends_at, duration_minutes,
      treatment_id, therapist_id, room_id, bed, status, deposit_method, deposit_amount, deposit_reference,
      deposit_status, notes, cancelled_by, cancel_reason, closed_at, created_by, updated_by)
    select cl.ids[1 + (g + (d + 1000) * 13) % array_length(cl.ids, 1)], ${location}, ${p.today}::date + d,
      to_char(starts at time zone ${BUSINESS_ZONE}, 'HH24:MI'), starts, ends, minutes,
      (select id from treatments where is_active order by abs(duration_minutes - minutes), id limit 1),
      case when anyone and status <> 'arrived' then null else (${p.intArray(p.therapists)})[1 + t] end,
      (${p.intArray(p.beds.map((b) => b.room))})[1 + t], (${p.intArray(p.beds.map((b) => b.bed))})[1 + t], status,
      case when deposit then 'e_wallet' end, case when deposit then 500.00 end,
      case when deposit then 'GC-' || (100000 + g) else '' end,
      case when not deposit then null when status = 'arrived' then 'applied' when status = 'booked' then 'held'
        when status = 'cancelled' then 'refunded' else 'forfeited' end,
      case when g % 6 = 0 then 'Prefers medium pressure' else '' end,
      case when status = 'cancelled' then ${by} end,
      case when status = 'cancelled' then 'The client called to cancel.' else '' end,
      case when status <> 'booked' then least(starts, ${now}) end, ${by}, ${by}
    from timed, cl`);
  await db.execute(sql`
    with src as (
      select r.*, nextval(pg_get_serial_sequence('client_arrivals', 'id')) as arrival
      from floor_reservations r where r.location_id = ${p.location} and r.status = 'arrived'),
    logged as (
      insert into client_arrivals (id, client_id, location_id, date, time, therapist_id, requested, treatment_id,
        status, room_id, bed, ends_at, created_by, updated_by)
      select arrival, client_id, location_id, date, time, therapist_id, true, treatment_id, 'arrived', room_id, bed,
        ends_at, created_by, created_by
      from src returning id)
    update floor_reservations r set arrival_id = src.arrival from src where r.id = src.id`);
  await db.execute(sql`
    insert into floor_bookings (location_id, therapist_id, room_id, bed, starts_at, ends_at, reservation_id, arrival_id, requested)
    select location_id, therapist_id, room_id, bed, starts_at, ends_at, id, arrival_id, therapist_id is not null
    from floor_reservations where location_id = ${p.location} and status in ('booked', 'arrived')`);
};
