import type { Db } from '../db/client';
import { clients, floorReservations, treatments } from '../db/schema/index';

/**
 * A 60-minute reservation written straight to the table (any client, any treatment) from
 * `startsAt`, on the 15-minute grid: what a test needs when it asks about bookings, not about booking.
 */
export const insertReservation = async (
  db: Db,
  input: { locationId: number; startsAt: Date; therapistId?: number; status?: string },
) => {
  const [client] = await db.select({ id: clients.id }).from(clients).limit(1);
  const [treatment] = await db.select({ id: treatments.id }).from(treatments).limit(1);
  const quarter = 15 * 60_000;
  const startsAt = new Date(Math.floor(input.startsAt.getTime() / quarter) * quarter);
  const manila = new Date(startsAt.getTime() + 8 * 3_600_000).toISOString();
  await db.insert(floorReservations).values({
    clientId: client!.id,
    locationId: input.locationId,
    date: manila.slice(0, 10),
    time: manila.slice(11, 16),
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    durationMinutes: 60,
    treatmentId: treatment!.id,
    therapistId: input.therapistId ?? null,
    status: input.status ?? 'booked',
  });
};
