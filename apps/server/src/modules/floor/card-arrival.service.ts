import { eq, inArray } from 'drizzle-orm';
import type { ClientArrivalInput } from '@ginhawa/contract';
import { clientArrivals, floorQueue, treatments } from '../../db/schema/index';
import type { AuthUser } from '../../lib/actor';
import { conflict, HttpError } from '../../lib/http-error';
import type { ArrivalExtras } from '../clients/index';
import { addMinutes, floorClock, floorToday, instantOf, lockFloor, publishFloor, slotOf } from './floor-shared.service';
import { startService } from './assign.service';

/**
 * The part of a card's visit still to come, which its therapist's time is booked for; null for a
 * visit that ended before `now` (or another day's): a record after the fact (decision 0414). A visit
 * in now's slot starts now, as the floor's arrivals do; an earlier slot's began then and holds what
 * is left of it; a later slot's starts at its slot.
 */
export const visitAhead = (visit: { date: string; time: string; minutes: number }, now: Date) => {
  if (visit.date !== floorToday(now)) return null;
  const begins = slotOf(now).time === visit.time ? now : instantOf(visit.date, visit.time);
  const endsAt = addMinutes(begins, visit.minutes);
  if (endsAt.getTime() <= now.getTime()) return null;
  return { startsAt: begins.getTime() < now.getTime() ? now : begins, endsAt };
};

/**
 * A tandem's second therapist's clash is refused as the first's is, but named on the field the desk
 * chose them in (`second_therapist`), so the card shows it under the right name.
 */
const onField = async (field: string, work: () => Promise<void>) => {
  try {
    await work();
  } catch (err) {
    if (field === 'therapist' || !(err instanceof HttpError) || err.statusCode !== 409) throw err;
    throw conflict(err.message, { [field]: [err.message] });
  }
};

/**
 * An arrival logged on the client card, for a therapist clocked in at its branch and a visit not yet
 * over, takes the therapist's time through the floor's own `startService` (booked, moved in the
 * line as requested or not, logged), in the arrival's transaction under the branch's floor lock,
 * taken first (decision 0204). A tandem's second therapist on shift there is booked for the same
 * range the same way (not the one asked for, so to the back when it ends). A clash is the floor's
 * 409 and nothing is logged (docs/decisions/0909-a-card-arrival-now-takes-the-therapist.md). The
 * card names no room, so the visit holds no bed.
 */
export const cardArrivalOnFloor = (user: AuthUser, input: ClientArrivalInput): ArrivalExtras => {
  const floor = { onShift: new Set<number>(), now: new Date(0) };
  return {
    before: async (tx) => {
      await lockFloor(tx, input.location);
      // Read under the lock, so an Assign next of the same therapist is wholly before or after this.
      floor.now = floorClock.now();
      const hands = [input.therapist, input.second_therapist].filter((id) => id !== null);
      const entries = await tx
        .select({ employeeId: floorQueue.employeeId, locationId: floorQueue.locationId })
        .from(floorQueue)
        .where(inArray(floorQueue.employeeId, hands));
      for (const e of entries) if (e.locationId === input.location) floor.onShift.add(e.employeeId);
    },
    after: async (tx, arrival) => {
      const serving = [
        { field: 'therapist', therapistId: arrival.therapist, requested: arrival.requested },
        { field: 'second_therapist', therapistId: arrival.second_therapist, requested: false },
      ].filter((hand) => hand.therapistId !== null && floor.onShift.has(hand.therapistId));
      if (serving.length === 0 || arrival.treatment === null) return;
      const [treatment] = await tx
        .select({ minutes: treatments.durationMinutes })
        .from(treatments)
        .where(eq(treatments.id, arrival.treatment));
      const range = visitAhead({ ...arrival, minutes: treatment!.minutes }, floor.now);
      if (!range) return;
      for (const hand of serving) {
        const booking = { locationId: arrival.location, roomId: null, bed: null, ...range, arrivalId: arrival.id };
        await onField(hand.field, () =>
          startService(tx, user, { ...booking, therapistId: hand.therapistId!, requested: hand.requested }),
        );
      }
      await tx.update(clientArrivals).set({ endsAt: range.endsAt }).where(eq(clientArrivals.id, arrival.id));
      await publishFloor(tx, arrival.location, arrival.date);
    },
  };
};
