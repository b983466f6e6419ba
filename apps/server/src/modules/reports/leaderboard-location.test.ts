import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Leaderboard } from '@ginhawa/contract';
import { employees, locations } from '../../db/schema/index';
import { buildTestApp, type Agent, type TestContext } from '../../test/build';
import { signIn } from '../../test/agents';

/**
 * A location's leaderboard ranks the sales made at that location, by the sale's location, not
 * the salesperson's current one (decision 0509): a salesperson moved mid-cutoff is on both boards,
 * each with its own part, and the whole board has their sum.
 */

let ctx: TestContext;
let admin: Agent;
const ids = { a: 0, b: 0, moved: 0, stays: 0 };
const PERIOD = 'month=9&year=2021&cutoff=1';

const board = async (location?: number) => {
  const res = await admin.request({
    url: `/api/reports/leaderboards/?${PERIOD}${location ? `&location=${location}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Leaderboard>();
};
/** Each row of one salesperson (at most one) as [total, count, current location]. */
const rowOf = (b: Leaderboard, id: number) =>
  b.results.filter((r) => r.salesperson === id).map((r) => [r.total, r.count, r.location]);
const sell = async (location: number, date: string, salesperson: number, amount: string) => {
  const res = await admin.request({
    method: 'POST',
    url: '/api/reports/store-sales-data/',
    payload: { location, date, sales: [{ salesperson, amount, payment_method: 'cash' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  admin = await signIn(ctx.app, 'admin');
  const sellers = await db
    .select({ id: employees.id, location: employees.locationId })
    .from(employees)
    .where(and(eq(employees.kind, 'salesperson'), eq(employees.isActive, true)))
    .orderBy(asc(employees.locationId), asc(employees.id));
  const [first] = sellers;
  ids.a = first!.location;
  ids.moved = first!.id;
  ids.stays = sellers.find((s) => s.location === ids.a && s.id !== ids.moved)!.id;
  const [other] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.isActive, true), ne(locations.id, ids.a)))
    .orderBy(asc(locations.id))
    .limit(1);
  ids.b = other!.id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('a salesperson moved to another branch mid-cutoff', () => {
  it('leaves their sales at the old branch on its board, and brings only the new ones to the new board', async () => {
    await sell(ids.a, '2021-09-03', ids.moved, '1000.00');
    await sell(ids.a, '2021-09-04', ids.stays, '500.00');
    // Read (and kept, decision 0502) before the move.
    expect(rowOf(await board(ids.a), ids.moved)).toEqual([['1000.00', 1, ids.a]]);
    expect(rowOf(await board(ids.b), ids.moved)).toEqual([]);

    const moved = await admin.request({
      method: 'PATCH',
      url: `/api/salespersons/${ids.moved}/`,
      payload: { location: ids.b },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Moved, not yet selling at B: still A's ₱1,000 on A's board; on B's board at zero, as B's own.
    expect(rowOf(await board(ids.a), ids.moved)).toEqual([['1000.00', 1, ids.b]]);
    expect(rowOf(await board(ids.b), ids.moved)).toEqual([['0.00', 0, ids.b]]);

    await sell(ids.b, '2021-09-10', ids.moved, '2000.00');
    const atA = await board(ids.a);
    expect(rowOf(atA, ids.moved)).toEqual([['1000.00', 1, ids.b]]);
    expect(rowOf(atA, ids.stays)).toEqual([['500.00', 1, ids.a]]);
    expect(atA.results.find((r) => r.salesperson === ids.moved)?.rank).toBe(1);
    expect(rowOf(await board(ids.b), ids.moved)).toEqual([['2000.00', 1, ids.b]]);
    // The whole board: every branch's part, once.
    expect(rowOf(await board(), ids.moved)).toEqual([['3000.00', 2, ids.b]]);
  });
});
