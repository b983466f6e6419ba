import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { clients, locations } from '../../db/schema/index';
import { parseCsv } from '../../lib/csv';
import { ADMIN_PASSWORD, buildTestApp, login, signInManager, type Agent, type TestContext } from '../../test/build';
import { loadFixtures, type Fixtures } from './clients.test-helpers';

/**
 * The clients export is bulk personal data: a Manager of one branch gets that branch's clients and
 * no one else's, whatever `?location=` asks for (decision 0410); an Admin gets any branch's.
 */

let ctx: TestContext;
let admin: Agent;
let manager: Agent;
let f: Fixtures;
const names = { home: '', other: '' };

beforeAll(async () => {
  ctx = await buildTestApp();
  const db = ctx.database.db;
  f = await loadFixtures(db);
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  manager = (await signInManager(ctx, 'homeonly', [f.home])).agent;
  for (const key of ['home', 'other'] as const)
    names[key] = (await db.select({ name: locations.name }).from(locations).where(eq(locations.id, f[key])))[0]!.name;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

const exported = async (agent: Agent, query = '') => {
  const res = await agent.request({ method: 'GET', url: `/api/clients/export/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body.replace(/^\ufeff/, ''));
  const at = header!.indexOf('location');
  expect(at).toBeGreaterThan(0);
  return rows.map((r) => r[at]);
};
const clientsAt = async (locationId: number) =>
  (await ctx.database.db.select({ n: count() }).from(clients).where(eq(clients.locationId, locationId)))[0]!.n;

describe('GET /api/clients/export/ for a single-branch Manager', () => {
  it('holds every client of their branch and only those', async () => {
    const atHome = await clientsAt(f.home);
    expect(atHome).toBeGreaterThan(0);
    expect(await clientsAt(f.other)).toBeGreaterThan(0);
    const homes = await exported(manager);
    expect(homes).toHaveLength(atHome);
    expect(new Set(homes)).toEqual(new Set([names.home]));
  });

  it('?location=<another branch> gives no rows, only the header', async () => {
    expect(await exported(manager, `?location=${f.other}`)).toEqual([]);
  });

  it('?location=<their branch> gives their clients; an Admin gets the other branch’s', async () => {
    expect(await exported(manager, `?location=${f.home}`)).toHaveLength(await clientsAt(f.home));
    const others = await exported(admin, `?location=${f.other}`);
    expect(others).toHaveLength(await clientsAt(f.other));
    expect(new Set(others)).toEqual(new Set([names.other]));
  });
});
