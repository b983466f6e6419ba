import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, floorBookings } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { addRoom, at, post, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/**
 * The desk chooses the room and bed of a visit now (issue 32, decision 0910): the proposal lists
 * every free bed that suits the treatment and the client, its own first; a chosen bed is booked, a
 * taken one is the floor's 409, and a room that does not suit the client is a 400 on `room`.
 */

let ctx: TestContext;
let desk: Agent;
let manager: Agent;
let f: FloorFixtures;
let A: number, B: number, C: number;
let narra: number, molave: number, ladies: number;
let juan: number;

beforeAll(async () => {
  ({ ctx, f, desk, manager } = await startFloorTests('R'));
  [A, B, C] = f.therapists as [number, number, number];
  const room = async (fields: Record<string, unknown> & { name: string }) => {
    const res = await addRoom(manager, { location: f.home, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  narra = await room({ name: 'Narra' });
  molave = await room({ name: 'Molave', beds: 2, kind: 'couple' });
  ladies = await room({ name: 'Sampaguita', rule: 'women' });
  const [row] = await ctx.database.db
    .insert(clients)
    .values({ firstName: 'Juan', lastName: 'Reyes', gender: 'male', locationId: f.home })
    .returning({ id: clients.id });
  juan = row!.id;
  at('10:00');
  for (const employee of [A, B, C]) {
    const res = await post(desk, '/api/floor/shifts/clock-in/', { employee, location: f.home });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const visit = (client: number) => ({ client, location: f.home, treatment: f.treatment.id });

describe('choosing the room of a visit now', () => {
  it('the proposal lists the free beds that suit the client, the proposed one first', async () => {
    at('10:05');
    const proposal = await post(desk, '/api/floor/assign/propose/', visit(juan));
    expect(proposal.statusCode, proposal.body).toBe(200);
    expect(proposal.json()).toMatchObject({ room: narra, bed: 1 });
    // Not the women-only room: Juan is a man.
    expect(proposal.json().free_beds).toEqual([
      { room: narra, room_name: 'Narra', bed: 1, kind: 'single', rule: 'any' },
      { room: molave, room_name: 'Molave', bed: 1, kind: 'couple', rule: 'any' },
      { room: molave, room_name: 'Molave', bed: 2, kind: 'couple', rule: 'any' },
    ]);
    const forAna = await post(desk, '/api/floor/assign/propose/', visit(f.clients[0]!));
    expect(forAna.json().free_beds.map((b: { room: number }) => b.room)).toEqual([narra, ladies, molave, molave]);
  });

  it('books the bed the desk chose, and the next proposal leaves it out', async () => {
    at('10:10');
    const res = await post(desk, '/api/floor/assign/', { ...visit(juan), therapist: A, room: molave, bed: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ room: molave, room_name: 'Molave', bed: 2 });
    const [booking] = await ctx.database.db
      .select()
      .from(floorBookings)
      .where(eq(floorBookings.arrivalId, res.json().arrival.id));
    expect(booking).toMatchObject({ roomId: molave, bed: 2, therapistId: A, clientId: juan });
    const next = await post(desk, '/api/floor/assign/propose/', visit(f.clients[1]!));
    expect(next.json().free_beds.map((b: { room: number; bed: number }) => `${b.room}:${b.bed}`)).toEqual([
      `${narra}:1`,
      `${ladies}:1`,
      `${molave}:1`,
    ]);
  });

  it('a bed taken meanwhile is the floor’s 409; a room that does not suit the client is a 400 on room', async () => {
    at('10:15');
    const taken = await post(desk, '/api/floor/assign/', {
      ...visit(f.clients[2]!),
      therapist: B,
      room: molave,
      bed: 2,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'Molave, bed 2 is already taken 10:10–11:10 then.',
      errors: { room: ['Molave, bed 2 is already taken 10:10–11:10 then.'] },
    });
    // A client whose gender is not on file may take the women-only room (the desk's call).
    const unknown = await post(desk, '/api/floor/assign/', { ...visit(f.clients[3]!), therapist: B, room: ladies });
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(unknown.json()).toMatchObject({ room: ladies, bed: 1 });
    const [man] = await ctx.database.db
      .insert(clients)
      .values({ firstName: 'Pedro', lastName: 'Reyes', gender: 'male', locationId: f.home })
      .returning({ id: clients.id });
    const refused = await post(desk, '/api/floor/assign/', { ...visit(man!.id), therapist: C, room: ladies });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.room).toEqual([
      expect.stringMatching(/^Sampaguita does not suit .+ for this client \(single, women only\)\.$/),
    ]);
  });
});
