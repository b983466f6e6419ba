import { BUSINESS_TIME_ZONE, manilaDate, type Board, type BoardReservation } from '@ginhawa/contract';

/** The board's rows: one per 15 minutes (the arrivals' and reservations' grid). */
export const SLOT_MINUTES = 15;
/** The day view shows at least opening to closing of a typical branch; earlier or later bookings widen it. */
const DAY_START = 9 * 60;
const DAY_END = 22 * 60;

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Manila wall-clock "HH:MM" (the branch's time, whatever the browser's zone). */
export const manilaClock = (iso: string): string => clock.format(new Date(iso));

/** "14:30" → minutes since midnight. */
export const minutesOf = (time: string): number => {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
};

/** Minutes since midnight → "14:30". */
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A time as the desk reads it: 24-hour "14:30", as the arrivals, the time select and the server's conflict sentences write it. */
export const displayTime = (time: string): string => time;

/** One block on the day view: a reservation or a service in progress, in one therapist's column. */
export type DayBlock = {
  key: string;
  therapist: number | null;
  start: number;
  end: number;
  label: string;
  detail: string;
  kind: 'reservation' | 'service';
  reservation: BoardReservation | null;
};

/** Whether the board shows today (its clock's Manila date): only then are the rotation and rooms its day's. */
export const isLiveDay = (board: Pick<Board, 'date' | 'now'>): boolean =>
  board.date === manilaDate(new Date(board.now));

/**
 * Where a live reservation sits on its day: booked, at its time; arrived, where its service runs (it
 * starts when the client came, `closed_at`: an early or late client's service is not at the booked time).
 */
const reservationSpan = (r: BoardReservation): { start: number; end: number } => {
  if (r.status === 'arrived' && r.closed_at && manilaDate(new Date(r.closed_at)) === r.date) {
    const came = minutesOf(manilaClock(r.closed_at));
    return { start: came - (came % SLOT_MINUTES), end: came + r.duration_minutes };
  }
  return { start: minutesOf(r.time), end: minutesOf(r.time) + r.duration_minutes };
};

/** The blocks of a board: live reservations (booked or arrived) and, today, services in progress. */
export const dayBlocks = (board: Board): DayBlock[] => {
  const blocks: DayBlock[] = board.reservations
    .filter((r) => r.status === 'booked' || r.status === 'arrived')
    .map((r) => ({
      key: `r${r.id}`,
      therapist: r.therapist,
      ...reservationSpan(r),
      label: r.client_name,
      detail: [r.treatment_name, r.room_name, r.status === 'arrived' ? 'arrived' : null].filter(Boolean).join(' · '),
      kind: 'reservation',
      reservation: r,
    }));
  // The rotation is the floor now: its services belong on today's view only.
  const live = isLiveDay(board);
  for (const q of board.queue) {
    if (!q.service || !live) continue;
    // An arrival that came from a reservation is already drawn as that reservation.
    if (board.reservations.some((r) => r.arrival === q.service?.arrival)) continue;
    const start = minutesOf(manilaClock(q.service.started_at));
    blocks.push({
      // A tandem's one arrival is served by two therapists: a block in each one's column (decision 0909).
      key: `s${q.service.arrival}-${q.therapist}`,
      therapist: q.therapist,
      start: start - (start % SLOT_MINUTES),
      end: Math.max(start + SLOT_MINUTES, minutesOf(manilaClock(q.service.ends_at))),
      label: q.service.client_name,
      detail: ['in service', q.service.treatment_name, q.service.room_name].filter(Boolean).join(' · '),
      kind: 'service',
      reservation: null,
    });
  }
  return blocks;
};

/** The rows the day view shows: 09:00–22:00, widened to every block. */
export const dayRange = (blocks: readonly DayBlock[]): { start: number; end: number } => ({
  start: Math.min(DAY_START, ...blocks.map((b) => b.start - (b.start % 60))),
  end: Math.max(DAY_END, ...blocks.map((b) => b.end)),
});

/** The day view's columns: therapists in the rotation in its order, then those only booked, then "Any therapist". */
/**
 * The day view's columns: every therapist on shift or booked, by name (decision 0911), so a column
 * stays where the desk last saw it when the rotation moves; "Any therapist" last.
 */
export const dayColumns = (board: Board): { id: number | null; name: string }[] => {
  const columns: { id: number; name: string }[] = board.queue.map((q) => ({
    id: q.therapist,
    name: q.therapist_name,
  }));
  for (const r of board.reservations) {
    if (r.therapist !== null && !columns.some((c) => c.id === r.therapist))
      columns.push({ id: r.therapist, name: r.therapist_name ?? 'Therapist' });
  }
  const byName = columns.sort((a, b) => a.name.localeCompare(b.name, 'en-PH') || a.id - b.id);
  return board.reservations.some((r) => r.therapist === null && r.status === 'booked')
    ? [...byName, { id: null, name: 'Any therapist' }]
    : byName;
};

/** A select whose empty value is a choice ("Any therapist", "No deposit"): shown, with its label above. */
export const EMPTY_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * Whether the server will take a no-show now: the board says from when (its start plus the
 * branch's grace period, decision 0907); the board is read again at that moment (next_change_at).
 */
export const noShowOpen = (reservation: BoardReservation, boardNow: string) =>
  reservation.no_show_from !== null && Date.parse(boardNow) >= Date.parse(reservation.no_show_from);

/**
 * Where a booking's Time list starts (decision 0913): the branch's opening time, or on the board's
 * today the next slot from now when that is later. Past 23:45 today, or without the branch's hours,
 * undefined: every slot.
 */
export const firstBookableSlot = (date: string, now: string, opening: string | null): string | undefined => {
  const open = opening === null ? 0 : minutesOf(opening);
  const start =
    date === manilaDate(new Date(now))
      ? Math.max(open, Math.ceil(minutesOf(manilaClock(now)) / SLOT_MINUTES) * SLOT_MINUTES)
      : open;
  return start === 0 || start >= 24 * 60 ? undefined : timeOf(start);
};
