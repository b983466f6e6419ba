import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent } from './build';
import { operationsOf, requestFor, type FuzzRequest, type OpenApiDocument, type Operation } from './fuzz-requests';

/**
 * Property-based fuzz of the whole HTTP API (issue 14, docs/decisions/0011), driven by the OpenAPI
 * document the app publishes: every operation, as Admin and signed out, gets hostile requests
 * (wrong types, missing fields, control characters, 100 KB strings, deep nesting, odd ids and
 * query values). Whatever comes in, the answer is never a 5xx, a refusal is JSON with a string
 * `message`, and a refusal stores nothing.
 *
 * `npm test` runs a few cases per operation with a fixed seed, so CI is reproducible;
 * `npm run fuzz` runs many more (FUZZ_RUNS, FUZZ_SEED). A failure names the seed and the request.
 */

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 8));
const SEED = Number(process.env.FUZZ_SEED ?? 1414);
/** Tables a refused request may write by design: failed sign-ins are counted before the password is checked. */
const WRITTEN_ON_REFUSAL = new Set(['login_throttle']);
/** The fuzz's own address, so its sign-in guesses do not throttle the Admin's session renewals. */
const FUZZ_ADDRESS = '10.66.66.66';

const ctx = await buildTestApp();
const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;
const operations = operationsOf(doc);
let admin: Agent = await login(ctx.app, 'admin', ADMIN_PASSWORD);

afterAll(async () => {
  await ctx.close();
});

const tables = (
  (await ctx.database.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as {
    rows: { name: string }[];
  }
).rows
  .map((r) => r.name)
  .filter((name) => !WRITTEN_ON_REFUSAL.has(name));

type Counts = Record<string, number>;
/** Row counts of every table but those in WRITTEN_ON_REFUSAL (audit_log among them). */
const rowCounts = async (): Promise<Counts> => {
  const query = tables.map((name) => `select '${name}' as name, count(*)::int as n from "${name}"`).join(' union all ');
  const { rows } = (await ctx.database.db.execute(sql.raw(query))) as unknown as {
    rows: { name: string; n: number }[];
  };
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
};

/**
 * The next transaction id the database will hand out (the current snapshot's xmax; reading it
 * assigns none). A transaction that inserts or deletes a row is given an id, so while this number
 * stands still no table has gained or lost a row, and counting every table again (most of the
 * fuzz's time, once per refusal) would only find the same counts.
 */
const nextXid = async (): Promise<string> => {
  const { rows } = (await ctx.database.db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xid`,
  )) as unknown as { rows: { xid: string }[] };
  return rows[0]!.xid;
};

type Known = { counts: Counts; xid: string };
/** Every table's count, with the transaction id they were taken at (read first: the fuzz is the database's only client). */
const countsNow = async (): Promise<Known> => {
  const xid = await nextXid();
  return { counts: await rowCounts(), xid };
};
/** The counts now: `known` again when no transaction has been given an id since it was taken. */
const countsSince = async (known: Known): Promise<Known> => ((await nextXid()) === known.xid ? known : countsNow());

const send = async (op: Operation, request: FuzzRequest, asAdmin: boolean): Promise<LightMyRequestResponse> => {
  const { body } = request;
  const options = {
    method: op.method,
    url: request.url,
    remoteAddress: FUZZ_ADDRESS,
    ...(body.kind === 'json'
      ? { payload: JSON.stringify(body.value) ?? 'null', headers: { 'content-type': 'application/json' } }
      : {}),
    ...(body.kind === 'raw' ? { payload: body.payload, headers: { 'content-type': body.contentType } } : {}),
  };
  return asAdmin ? admin.request(options) : ctx.app.inject(options);
};

const describeRequest = (op: Operation, request: FuzzRequest, res: LightMyRequestResponse) => {
  const body =
    request.body.kind === 'none'
      ? ''
      : JSON.stringify(request.body.kind === 'json' ? request.body.value : request.body).slice(0, 400);
  return `${op.method} ${request.url.slice(0, 300)} ${body} → ${res.statusCode} ${res.body.slice(0, 300)}`;
};

/** The counts after the last refusal: still true before the next request (a refusal changed nothing), so they need not be read again. */
let known: Known | null = null;

/** A request that ends or replaces the Admin's session (logout, a password change) must not blind the cases after it. */
const keepAdminSignedIn = async (res: LightMyRequestResponse, op: Operation) => {
  if (res.headers['set-cookie'] === undefined && (res.statusCode >= 300 || op.method === 'GET')) return;
  const me = await admin.request({ method: 'GET', url: '/api/users/my_data/' });
  if (me.statusCode === 401) {
    admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
    known = null; // the sign-in added a session row
  }
};

const property = (op: Operation, asAdmin: boolean) =>
  fc.asyncProperty(requestFor(doc, op), async (request) => {
    const before = known ?? (await countsNow());
    known = null;
    const res = await send(op, request, asAdmin);
    const what = describeRequest(op, request, res);
    expect(res.statusCode, what).toBeLessThan(500);
    if (res.statusCode >= 400) {
      expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
      const parsed = res.json() as { message?: unknown };
      expect(typeof parsed.message, what).toBe('string');
      // Nothing stored on refusal: no table gained or lost a row (audit_log included).
      const after = await countsSince(before);
      expect(after.counts, what).toEqual(before.counts);
      known = after;
    }
    if (asAdmin) await keepAdminSignedIn(res, op);
  });

const run = async (op: Operation, asAdmin: boolean, numRuns: number) => {
  // endOnFailure: shrinking 100 KB bodies through the whole app would take minutes; the request is in the message.
  const details = await fc.check(property(op, asAdmin), { numRuns, seed: SEED, endOnFailure: true });
  if (details.failed) {
    throw new Error(
      `Fuzz failure (reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npm run fuzz; fast-check seed ${details.seed}, path ${details.counterexamplePath ?? ''}):\n${details.errorInstance instanceof Error ? (details.errorInstance.stack ?? details.errorInstance.message) : String(details.errorInstance)}`,
    );
  }
};

it('finds operations in the OpenAPI document', () => {
  // The fuzz is only as wide as the document: a route must be in it to be fuzzed.
  expect(operations.length).toBeGreaterThan(50);
  expect(operations.some((op) => op.pathParams.length > 0 && op.body)).toBe(true);
  expect(tables).toContain('audit_log');
});

describe.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', (_name, op) => {
  const timeout = 30_000 + RUNS * 3_000;
  it('as Admin', () => run(op, true, RUNS), timeout);
  it('signed out', () => run(op, false, Math.ceil(RUNS / 2)), timeout);
});
