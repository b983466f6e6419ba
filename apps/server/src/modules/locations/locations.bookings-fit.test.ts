import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manilaDate } from '@ginhawa/contract';
import { clients, floorReservations, treatments } from '../../db/schema/index';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';

let ctx: TestContext;
let admin: Agent;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const branch = async (name: string) => {
  const res = await admin.request({
    method: 'POST',
    url: '/api/locations/',
    payload: { name, opening_time: '10:00', closing_time: '22:00' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

/** A 60-minute reservation at the branch tomorrow (Manila) at `time`. */
const book = async (locationId: number, time: string, status = 'booked') => {
  const db = ctx.database.db;
  const [client] = await db.select({ id: clients.id }).from(clients).limit(1);
  const [treatment] = await db.select({ id: treatments.id }).from(treatments).limit(1);
  const date = manilaDate(new Date(Date.now() + 86_400_000));
  const startsAt = new Date(`${date}T${time}:00+08:00`);
  await db.insert(floorReservations).values({
    clientId: client!.id,
    locationId,
    date,
    time,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    durationMinutes: 60,
    treatmentId: treatment!.id,
    status,
  });
};

const hours = (id: number, payload: Record<string, string>) =>
  admin.request({ method: 'PATCH', url: `/api/locations/${id}/`, payload });

describe('changing opening hours', () => {
  it('is refused while a booking to come would fall outside them, naming the first; hours that still hold it go through', async () => {
    const id = await branch('Fit Ortigas');
    await book(id, '10:00');
    await book(id, '18:00', 'cancelled');
    const later = await hours(id, { opening_time: '11:00' });
    expect(later.statusCode).toBe(409);
    expect(later.json().message).toMatch(
      /^Fit Ortigas has a booking outside 11:00–22:00, the first on \d{1,2} [A-Z][a-z]{2} \d{4} at 10:00\. Move or cancel them on the floor board first, or keep the hours\.$/,
    );
    const early = await hours(id, { closing_time: '10:30' });
    expect(early.statusCode).toBe(409);
    // Nothing changed by the refusals; the cancelled 18:00 booking does not hold the evening.
    const shorter = await hours(id, { closing_time: '18:00' });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json()).toMatchObject({ opening_time: '10:00', closing_time: '18:00' });
  });
});
