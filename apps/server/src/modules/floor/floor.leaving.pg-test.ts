import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { employees, floorQueue, shifts } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { addTherapists, at, post, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/**
 * The admin moving or letting go a therapist at the moment the desk gives them a client or clocks
 * them in, on a real PostgreSQL where the two transactions run side by side (decision 0204). Both
 * take the branch's floor lock before the therapist's row, so one waits for the other: never a
 * deadlock answered "Someone else changed this at the same moment", and never a therapist gone from
 * the branch who is still on its floor.
 */

let ctx: TestContext;
let f: FloorFixtures;
let desk: Agent;
let admin: Agent;

beforeAll(async () => {
  ({ ctx, f, desk, admin } = await startFloorTests('L'));
  at('10:00');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const TRY_AGAIN = 'Someone else changed this at the same moment. Please try again.';
const ROUNDS = 10;

/** Round by round: deactivate, move to the foreign branch, delete (a clocked-in therapist has a shift, so is deactivated). */
const letGo = (round: number, id: number) => {
  const url = `/api/therapists/${id}/`;
  if (round % 3 === 2) return admin.request({ method: 'DELETE', url });
  return admin.request({ method: 'PATCH', url, payload: round % 3 ? { location: f.foreign } : { is_active: false } });
};

/** Where the therapist stands once both answered: their record, open shifts, place in a line. */
const standing = async (id: number) => {
  const db = ctx.database.db;
  const [person] = await db.select().from(employees).where(eq(employees.id, id));
  const open = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.employeeId, id), isNull(shifts.endedAt)));
  const queued = await db.select().from(floorQueue).where(eq(floorQueue.employeeId, id));
  const gone = !person || !person.isActive || person.locationId !== f.home;
  return { gone, open: open.length, queued: queued.length };
};

/** Why the desk was refused, for the field it names. */
const refusal = (res: Awaited<ReturnType<Agent['request']>>, field: string): unknown =>
  res.json<{ errors?: Record<string, string[]> }>().errors?.[field]?.[0];
/** The desk queued behind the admin reads the therapist as left: deactivated, moved, or deleted. */
const REFUSED = expect.stringMatching(/ (is no longer active|works at another branch)\.$|^No such therapist/);

/** The two requests at once; every other round the desk's is sent first. */
const race = async (round: number, id: number, deskCall: () => ReturnType<Agent['request']>) => {
  const [admins, desks] =
    round % 2
      ? await Promise.all([letGo(round, id), deskCall()])
      : await Promise.all([deskCall(), letGo(round, id)]).then(([d, a]) => [a, d] as const);
  return { admins, desks };
};

describe('letting a therapist go while the desk uses them', () => {
  it('while the desk gives them a client: one waits for the other, and the loser is told why', async () => {
    const answers: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [id] = await addTherapists(ctx.database.db, f.home, 1, `A${round}`);
      const clockedIn = await post(desk, '/api/floor/shifts/clock-in/', { employee: id, location: f.home });
      expect(clockedIn.statusCode, clockedIn.body).toBe(201);
      const { admins, desks } = await race(round, id!, () =>
        post(desk, '/api/floor/assign/', {
          client: f.clients[round % f.clients.length],
          location: f.home,
          therapist: id,
          treatment: f.treatment.id,
          requested: false,
        }),
      );
      answers.push(`${round}: admin ${admins.statusCode} ${admins.body} / desk ${desks.statusCode} ${desks.body}`);
      const now = await standing(id!);
      if (admins.statusCode === 200) {
        // Gone first: the desk was refused, and nothing of the branch's floor holds them.
        expect.soft([desks.statusCode, refusal(desks, 'therapist')], answers.at(-1)).toEqual([400, REFUSED]);
        expect.soft(now, answers.at(-1)).toEqual({ gone: true, open: 0, queued: 0 });
      } else {
        // Given the client first: they are serving, so they stay until the service is over.
        expect.soft(desks.statusCode, answers.at(-1)).toBe(201);
        expect
          .soft([admins.statusCode, admins.json().message], answers.at(-1))
          .toEqual([409, expect.stringMatching(/is in a service; finish it before clocking out\.$/)]);
        expect.soft(now, answers.at(-1)).toEqual({ gone: false, open: 1, queued: 1 });
      }
    }
    expect(answers.filter((a) => a.includes(TRY_AGAIN))).toEqual([]);
  }, 120_000);

  it('while the desk clocks them in: either they are clocked out with the change, or the clock-in is refused', async () => {
    const answers: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [id] = await addTherapists(ctx.database.db, f.home, 1, `C${round}`);
      const { admins, desks } = await race(round, id!, () =>
        post(desk, '/api/floor/shifts/clock-in/', { employee: id, location: f.home }),
      );
      answers.push(`${round}: admin ${admins.statusCode} ${admins.body} / desk ${desks.statusCode} ${desks.body}`);
      expect.soft(admins.statusCode, answers.at(-1)).toBe(200);
      if (desks.statusCode !== 201)
        expect.soft([desks.statusCode, refusal(desks, 'employee')], answers.at(-1)).toEqual([400, REFUSED]);
      expect.soft(await standing(id!), answers.at(-1)).toEqual({ gone: true, open: 0, queued: 0 });
    }
    expect(answers.filter((a) => a.includes(TRY_AGAIN))).toEqual([]);
  }, 120_000);
});
