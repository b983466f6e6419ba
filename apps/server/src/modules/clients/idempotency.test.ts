import { todayInManila } from '@ginhawa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { clientMemberships, sales, userLocations, users } from '../../db/schema/index';
import { DEMO_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { loadFixtures, type Fixtures } from './clients.test-helpers';

// Issue 23, one idempotency rule (lib/idempotency.ts): a key is its sender's, replays only the
// same body after the same authorization, another body is 422, racing requests store one sale.
// The same file runs on PostgreSQL (TEST_DATABASE_URL), where the parallel requests really race.
let ctx: TestContext;
let salesperson: Agent;
let receptionist: Agent;
let f: Fixtures;

beforeAll(async () => {
  ctx = await buildTestApp();
  salesperson = await login(ctx.app, 'salesperson', DEMO_PASSWORD);
  receptionist = await login(ctx.app, 'receptionist', DEMO_PASSWORD);
  f = await loadFixtures(ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

let phoneSeq = 3_000_000;
const newClient = async (): Promise<number> => {
  const res = await salesperson.request({
    method: 'POST',
    url: '/api/clients/',
    payload: { first_name: 'Idem', last_name: 'Potent', phone: `0917${String((phoneSeq += 1))}`, location: f.home },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
};
const voucher = (as: Agent, key: string, body: Record<string, unknown>) =>
  as.request({
    method: 'POST',
    url: '/api/clients/treatments/',
    headers: { 'idempotency-key': key },
    payload: { treatment: f.treatment.id, sessions: 2, location: f.home, salesperson: f.salesperson, ...body },
  });
const salesOf = async (client: number) =>
  (await ctx.database.db.select({ n: count() }).from(sales).where(eq(sales.clientId, client)))[0]!.n;

describe('Idempotency-Key on desk sales', () => {
  it('the same key with another body is 422 and stores nothing', async () => {
    const [a, b] = [await newClient(), await newClient()];
    const first = await voucher(salesperson, 'idem-body-1', { client: a, payment_method: 'cash' });
    expect(first.statusCode, first.body).toBe(201);
    const other = await voucher(salesperson, 'idem-body-1', { client: b, payment_method: 'cash' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/already used for a different request/);
    expect(await salesOf(b)).toBe(0);
    const moreSessions = await voucher(salesperson, 'idem-body-1', { client: a, payment_method: 'cash', sessions: 5 });
    expect(moreSessions.statusCode).toBe(422);
    expect(await salesOf(a)).toBe(1);
    // Another route with the key is another request too.
    const membership = await salesperson.request({
      method: 'POST',
      url: '/api/clients/memberships/',
      headers: { 'idempotency-key': 'idem-body-1' },
      payload: {
        client: a,
        membership: f.membership.id,
        location: f.home,
        salesperson: f.salesperson,
        payment_method: 'cash',
      },
    });
    expect(membership.statusCode).toBe(422);
    expect(
      (
        await ctx.database.db.select({ n: count() }).from(clientMemberships).where(eq(clientMemberships.clientId, a))
      )[0]!.n,
    ).toBe(0);
  });

  it('a key belongs to its sender: another user with the same key makes their own sale', async () => {
    const [a, b] = [await newClient(), await newClient()];
    const mine = await voucher(salesperson, 'idem-shared-key', { client: a, payment_method: 'cash' });
    const theirs = await voucher(receptionist, 'idem-shared-key', { client: b, payment_method: 'cash' });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().client).toBe(b);
    expect(theirs.json().sale.id).not.toBe(mine.json().sale.id);
    expect([await salesOf(a), await salesOf(b)]).toEqual([1, 1]);
  });

  it('a replay is authorized like a new request: moved away from the location, the replay is refused as a new sale is', async () => {
    const a = await newClient();
    const body = { client: a, payment_method: 'cash' };
    const first = await voucher(salesperson, 'idem-moved', body);
    expect(first.statusCode).toBe(201);
    const again = await voucher(salesperson, 'idem-moved', body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [me] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'salesperson'));
    const where = and(eq(userLocations.userId, me!.id), eq(userLocations.locationId, f.home));
    await ctx.database.db.delete(userLocations).where(where);
    try {
      const replay = await voucher(salesperson, 'idem-moved', body);
      const fresh = await voucher(salesperson, '', body);
      // the client is still readable (clients belong to the business, decision 0410); the location is not theirs
      expect(replay.statusCode).toBe(403);
      expect(replay.json().message).toMatch(/^You do not work at .+, so you cannot record this there\.$/);
      expect(fresh.json()).toEqual(replay.json());
    } finally {
      await ctx.database.db.insert(userLocations).values({ userId: me!.id, locationId: f.home });
    }
    expect(await salesOf(a)).toBe(1);
  });

  it('eight parallel requests with one key store one sale and all answer it', async () => {
    const a = await newClient();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => voucher(salesperson, 'idem-parallel', { client: a, payment_method: 'cash' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const ids = new Set(results.map((r) => r.json().sale.id));
    expect(ids.size).toBe(1);
    expect(await salesOf(a)).toBe(1);
  });
});

describe('Idempotency-Key on store-sales-data', () => {
  const today = todayInManila();
  const batch = (amount: string) => ({
    location: f.home,
    date: today,
    sales: [{ salesperson: f.salesperson, amount, payment_method: 'cash' }],
  });
  const store = (as: Agent, key: string, body: unknown) =>
    as.request({
      method: 'POST',
      url: '/api/reports/store-sales-data/',
      headers: { 'idempotency-key': key },
      payload: body as object,
    });
  const linesOf = async (amount: string) =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(sales)
        .where(and(eq(sales.amount, amount), eq(sales.date, today)))
    )[0]!.n;

  it('a replay checks the branch again: moved away from the location, it is 403 as a new batch is', async () => {
    const first = await store(salesperson, 'idem-store-moved', batch('4321.00'));
    expect(first.statusCode, first.body).toBe(201);
    expect((await store(salesperson, 'idem-store-moved', batch('4321.00'))).json()).toEqual(first.json());
    const [me] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'salesperson'));
    const where = and(eq(userLocations.userId, me!.id), eq(userLocations.locationId, f.home));
    await ctx.database.db.delete(userLocations).where(where);
    try {
      const replay = await store(salesperson, 'idem-store-moved', batch('4321.00'));
      expect(replay.statusCode).toBe(403);
      expect(replay.json().message).toMatch(/You do not work at .*, so you cannot record its sales\./);
    } finally {
      await ctx.database.db.insert(userLocations).values({ userId: me!.id, locationId: f.home });
    }
    expect(await linesOf('4321.00')).toBe(1);
  });

  it('the key is its sender’s; another body is 422; racing batches store once', async () => {
    const mine = await store(salesperson, 'idem-store-shared', batch('4322.00'));
    const theirs = await store(receptionist, 'idem-store-shared', batch('4323.00'));
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().ids).not.toEqual(mine.json().ids);
    expect((await store(salesperson, 'idem-store-shared', batch('4324.00'))).statusCode).toBe(422);
    expect(await linesOf('4324.00')).toBe(0);
    const raced = await Promise.all(
      Array.from({ length: 6 }, () => store(salesperson, 'idem-store-race', batch('4325.00'))),
    );
    expect(raced.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(raced.map((r) => r.json().ids[0])).size).toBe(1);
    expect(await linesOf('4325.00')).toBe(1);
  });
});
