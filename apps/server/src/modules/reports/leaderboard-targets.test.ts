import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Leaderboard } from '@ginhawa/contract';
import { employees } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { buildTestApp, type Agent, type TestContext } from '../../test/build';
import { signInEveryRole, type StaffRole } from '../../test/agents';
import { activeSalesperson } from '../clients/clients.test-helpers';

/**
 * Leaderboard targets (decision 0710): Admins and Managers see every salesperson's target and share
 * of it; anyone else sees only their own (others' null), in JSON and CSV. The board is kept per
 * version and shared by every reader, so each test also reads it again as an Admin afterwards:
 * masking for one reader must never reach the kept board.
 */

let ctx: TestContext;
let agents: Record<StaffRole, Agent>;
const ids = { home: 0, mine: 0, colleague: 0 };
const URL = '/api/reports/leaderboards/?month=3&year=2001';

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  agents = await signInEveryRole(ctx.app);
  const [mine] = await db
    .select({ id: employees.id, locationId: employees.locationId })
    .from(employees)
    .where(eq(employees.userId, ctx.userIds.salesperson!));
  ids.mine = mine!.id;
  ids.home = mine!.locationId;
  ids.colleague = await activeSalesperson(db, ids.home, ids.mine);
  await db.update(employees).set({ monthlyTarget: '20000.00' }).where(eq(employees.id, ids.mine));
  await db.update(employees).set({ monthlyTarget: '30000.00' }).where(eq(employees.id, ids.colleague));
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const board = async (role: StaffRole, query?: string) => {
  const res = await agents[role].request({ method: 'GET', url: `${URL}&${query ?? `cutoff=1&location=${ids.home}`}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Leaderboard>();
};
const line = (b: Leaderboard, id: number) => b.results.find((r) => r.salesperson === id)!;
/** The CSV's target and share_of_target by salesperson name. */
const csvTargets = async (role: StaffRole) => {
  const res = await agents[role].request({ method: 'GET', url: `${URL}&cutoff=1&location=${ids.home}&format=csv` });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(res.body.replace(/^\ufeff/, ''));
  const at = (name: string) => header!.indexOf(name);
  return new Map(rows.map((r) => [r[at('salesperson')]!, [r[at('target')], r[at('share_of_target')]]]));
};
const nameOf = (b: Leaderboard, id: number) => line(b, id).salesperson_name;

/** An Admin still sees every target: whatever was masked for someone else stayed in their copy. */
const keptBoardUntouched = async () => {
  const b = await board('Admin');
  expect(line(b, ids.mine)).toMatchObject({ target: '10000.00', share_of_target: '0.00' });
  expect(line(b, ids.colleague)).toMatchObject({ target: '15000.00', share_of_target: '0.00' });
};

describe('leaderboard targets by role', () => {
  for (const role of ['Admin', 'Manager'] as const)
    it(`${role}: every target and share, JSON and CSV`, async () => {
      const b = await board(role);
      expect(b.results.length).toBeGreaterThan(1);
      expect(line(b, ids.mine)).toMatchObject({ target: '10000.00', share_of_target: '0.00' });
      expect(line(b, ids.colleague)).toMatchObject({ target: '15000.00', share_of_target: '0.00' });
      const file = await csvTargets(role);
      expect(file.get(nameOf(b, ids.mine))).toEqual(['10000.00', '0.00']);
      expect(file.get(nameOf(b, ids.colleague))).toEqual(['15000.00', '0.00']);
    });

  it('Salesperson: their own target and share, everyone else’s null, JSON and CSV', async () => {
    const b = await board('Salesperson');
    expect(line(b, ids.mine)).toMatchObject({ target: '10000.00', share_of_target: '0.00' });
    const others = b.results.filter((r) => r.salesperson !== ids.mine);
    expect(others.length).toBeGreaterThan(0);
    for (const r of others) expect([r.target, r.share_of_target]).toEqual([null, null]);
    // Ranks, totals and names stay for everyone.
    expect(line(b, ids.colleague)).toMatchObject({ total: '0.00', count: 0, rank: 1 });
    const file = await csvTargets('Salesperson');
    expect(file.get(nameOf(b, ids.mine))).toEqual(['10000.00', '0.00']);
    expect(file.get(nameOf(b, ids.colleague))).toEqual(['', '']);
    await keptBoardUntouched();
  });

  for (const role of ['Therapist', 'Receptionist'] as const)
    it(`${role}: no one's target (they have none on the board), JSON and CSV`, async () => {
      const b = await board(role);
      for (const r of b.results) expect([r.target, r.share_of_target]).toEqual([null, null]);
      const file = await csvTargets(role);
      for (const [target, share] of file.values()) expect([target, share]).toEqual(['', '']);
      await keptBoardUntouched();
    });

  it('the whole month across every location masks the same way', async () => {
    const b = await board('Salesperson', 'cutoff=0');
    expect(b.results.length).toBeGreaterThan(2);
    expect(b.results.filter((r) => r.target !== null)).toEqual([
      expect.objectContaining({ salesperson: ids.mine, target: '20000.00', share_of_target: '0.00' }),
    ]);
  });
});
