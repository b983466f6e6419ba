import { cutoffDates, cutoffOf, todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { employees, notifications } from '../../db/schema/index';
import type { Leaderboard } from '@ginhawa/contract';
import { buildTestApp, type Agent, type TestContext } from '../../test/build';
import { signIn } from '../../test/agents';
import { loadFixtures, sellTreatment, type Fixtures } from '../clients/clients.test-helpers';
import { leaderboardSql } from './leaderboard.service';

/**
 * The kept leaderboard (decision 0502) under concurrent writers and readers, on two app instances
 * sharing one database: on PostgreSQL (TEST_DATABASE_URL) every request has its own pool
 * connection and the two instances their own pools; on PGlite the requests queue. Desk sales lock
 * their client's row before writing sales, imports write sales first: with the version raised at
 * commit, neither order can deadlock on it, and no reader keeps a board older than the last change.
 */
let ctx: TestContext;
let peer: Awaited<ReturnType<TestContext['buildPeer']>>;
let agents: Agent[];
let f: Fixtures;
beforeAll(async () => {
  ctx = await buildTestApp();
  peer = await ctx.buildPeer();
  agents = [await signIn(ctx.app, 'admin'), await signIn(peer.app, 'admin')];
  f = await loadFixtures(ctx.database.db);
}, 120_000);
afterAll(async () => {
  await peer?.close();
  await ctx?.close();
});

describe('leaderboard under parallel sales', () => {
  it('desk sales, imports and reads at once on two instances: every write lands, and both instances then serve the board the SQL gives', async () => {
    const today = todayInManila();
    const [year, month, cutoff] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)), cutoffOf(today)];
    const url = `/api/reports/leaderboards/?month=${month}&year=${year}&cutoff=${cutoff}`;
    const read = async (agent: Agent) => {
      const res = await agent.request({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Leaderboard>();
    };
    const counted = (b: { salesperson: number; count: number }[]) =>
      b
        .filter((r) => Number(r.salesperson) === f.salesperson || Number(r.salesperson) === f.otherSalesperson)
        .reduce((n, r) => n + Number(r.count), 0);
    const [before] = await Promise.all(agents.map(read));
    const clientIds: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await agents[0]!.request({
        method: 'POST',
        url: '/api/clients/',
        payload: { first_name: `Parallel${i}`, last_name: 'Board', location: f.home },
      });
      clientIds.push(res.json<{ id: number }>().id);
    }

    const deskSales = clientIds.map((client, i) => sellTreatment(agents[i % 2]!, f, client));
    const imports = [0, 1, 2, 3].map((i) =>
      agents[(i + 1) % 2]!.request({
        method: 'POST',
        url: '/api/reports/store-sales-data/',
        payload: {
          location: i % 2 ? f.other : f.home,
          date: today,
          sales: [
            {
              salesperson: i % 2 ? f.otherSalesperson : f.salesperson,
              amount: `${100 + i}.25`,
              payment_method: 'cash',
            },
            {
              salesperson: i % 2 ? f.otherSalesperson : f.salesperson,
              amount: '50.50',
              discount: '0.50',
              payment_method: 'cash',
              client: clientIds[i],
            },
          ],
        },
      }),
    );
    const reads = Array.from({ length: 16 }, (_, i) => read(agents[i % 2]!));
    const writes = await Promise.all([...deskSales, ...imports]);
    for (const res of writes) expect(res.statusCode, res.body).toBe(201);
    await Promise.all(reads);

    const { from, to } = cutoffDates(year, month, cutoff);
    type Figures = { salesperson: number; rank: number; total: string; count: number };
    const expected = (
      (await ctx.database.db.execute(leaderboardSql(from, to, cutoff))) as unknown as { rows: Figures[] }
    ).rows;
    const figures = (b: Figures[]) =>
      b.map((r) => ({
        salesperson: Number(r.salesperson),
        rank: Number(r.rank),
        total: r.total,
        count: Number(r.count),
      }));
    for (const agent of agents) expect(figures((await read(agent)).results)).toEqual(figures(expected));
    // Every line counted once: 6 desk sales and 8 imported lines, by the two salespeople.
    expect(counted(expected) - counted(before!.results)).toBe(14);
  });

  it('rank notices stay exact when sales commit at the same moment: each salesperson hears every move once, each from the rank they last heard', async () => {
    const db = ctx.database.db;
    const today = todayInManila();
    const [year, month, cutoff] = [Number(today.slice(0, 4)), Number(today.slice(5, 7)), cutoffOf(today)];
    const { from, to } = cutoffDates(year, month, cutoff);
    type Row = { salesperson: number; rank: number; user_id: number | null };
    const board = async () =>
      new Map(
        ((await db.execute(leaderboardSql(from, to, cutoff))) as unknown as { rows: Row[] }).rows.map((r) => [
          Number(r.salesperson),
          r,
        ]),
      );
    const sellers = await db
      .select({ id: employees.id, location: employees.locationId })
      .from(employees)
      .where(and(eq(employees.kind, 'salesperson'), eq(employees.isActive, true)))
      .orderBy(asc(employees.id));
    // Notices of this minute from earlier tests would fold into the burst's (at most one per
    // salesperson a minute): start from none, so each chain starts where the board stood.
    await db.delete(notifications).where(eq(notifications.type, 'leaderboard_rank'));
    const before = await board();
    const [mark] = await db.select({ id: sql<number>`coalesce(max(${notifications.id}), 0)::int` }).from(notifications);
    // Every salesperson at once, each a different amount, large enough to reorder the whole board.
    const results = await Promise.all(
      sellers.map((s, i) =>
        agents[i % 2]!.request({
          method: 'POST',
          url: '/api/reports/store-sales-data/',
          payload: {
            location: s.location,
            date: today,
            sales: [{ salesperson: s.id, amount: `${50000 + i * 1000}.00`, payment_method: 'cash' }],
          },
        }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const after = await board();
    const notices = await db
      .select({ recipient: notifications.recipientId, data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.type, 'leaderboard_rank'), gt(notifications.id, mark!.id)))
      .orderBy(asc(notifications.id));
    for (const [id, row] of after) {
      if (!row.user_id) continue;
      const heard = notices
        .filter((n) => n.recipient === Number(row.user_id))
        .map((n) => n.data as { rank: number; previous_rank: number | null });
      // The chain: the first notice starts where the board stood, each next one where the last left off, the last is where it stands now.
      // Folded within the minute: one notice at most, from the rank before the burst to the rank after it.
      expect(heard.length, `salesperson ${id}`).toBeLessThanOrEqual(1);
      let last = before.get(id) ? Number(before.get(id)!.rank) : null;
      for (const n of heard) {
        expect(n.previous_rank, `salesperson ${id}`).toBe(last);
        expect(n.rank).not.toBe(last);
        last = n.rank;
      }
      expect(last, `salesperson ${id}`).toBe(Number(row.rank));
    }
  });
});
