import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { invoicingJournal } from '../../db/schema/index';
import { ADMIN_PASSWORD, buildTestApp, login, type Agent, type TestContext } from '../../test/build';
import { GENESIS_HASH, canonicalJson, entryHash } from './journal.service';

let ctx: TestContext;
let admin: Agent;
let terminalId: number;

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await login(ctx.app, 'admin', ADMIN_PASSWORD);
  const location = await admin.request({
    method: 'POST',
    url: '/api/locations/',
    payload: { name: 'Journal Branch', opening_time: '10:00', closing_time: '20:00' },
  });
  const created = await admin.request({
    method: 'POST',
    url: '/api/invoicing/terminals/',
    payload: { location: location.json().id, name: 'Front desk 9', invoice_prefix: 'SI-' },
  });
  terminalId = created.json().id;
  await admin.request({
    method: 'PATCH',
    url: `/api/invoicing/terminals/${terminalId}/`,
    payload: { min: '12345678901234567' },
  });
  await admin.request({ method: 'DELETE', url: `/api/invoicing/terminals/${terminalId}/` });
});
afterAll(async () => {
  await ctx?.close();
});

const entriesOf = (id: number) =>
  ctx.database.db
    .select()
    .from(invoicingJournal)
    .where(eq(invoicingJournal.terminalId, id))
    .orderBy(asc(invoicingJournal.seq));
const verify = async (query = `?terminal=${terminalId}`) =>
  admin.request({ method: 'GET', url: `/api/invoicing/journal/verify/${query}` });

describe('canonical JSON', () => {
  it('sorts keys at every depth, so one value has one text', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 'x', e: null }], c: true } })).toBe(
      '{"a":{"c":true,"d":[2,{"e":null,"f":"x"}]},"b":1}',
    );
  });
});

describe('the journal of a terminal', () => {
  it('holds its creation, change and deactivation in order, each chained to the one before', async () => {
    const entries = await entriesOf(terminalId);
    expect(entries.map((e) => [e.seq, e.event])).toEqual([
      [1, 'terminal_created'],
      [2, 'terminal_changed'],
      [3, 'terminal_deactivated'],
    ]);
    expect(entries[0]!.prevHash).toBe(GENESIS_HASH);
    expect(entries[1]!.prevHash).toBe(entries[0]!.hash);
    expect(entries[2]!.prevHash).toBe(entries[1]!.hash);
    const second = entries[1]!;
    expect(second.payload).toMatchObject({ before: { min: '' }, after: { min: '12345678901234567' } });
    expect(
      entryHash(second.prevHash, {
        terminal: terminalId,
        seq: 2,
        at: second.at.toISOString(),
        event: second.event,
        payload: second.payload,
      }),
    ).toBe(second.hash);
  });

  it('verifies whole', async () => {
    const res = await verify();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, entries: 3, first_bad_entry: null });
    const all = await verify('');
    expect(all.json().ok).toBe(true);
    expect(all.json().entries).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['UPDATE', sql`update invoicing_journal set event = 'terminal_changed' where seq = 1`],
    ['DELETE', sql`delete from invoicing_journal where seq = 3`],
    ['TRUNCATE', sql`truncate invoicing_journal`],
  ])('refuses %s even on the app’s own connection (the owner)', async (_what, statement) => {
    // Drizzle wraps the database's error; the trigger's sentence is its cause.
    const error = await ctx.database.db.execute(statement).then(
      () => null,
      (err: { cause?: { message?: string } }) => err.cause?.message,
    );
    expect(error).toBe('The invoicing journal is append-only: an entry is never changed or deleted.');
    expect(await entriesOf(terminalId)).toHaveLength(3);
  });

  it('finds an entry changed behind the triggers (an owner who disabled them)', async () => {
    const db = ctx.database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table invoicing_journal disable trigger invoicing_journal_no_change`);
      await tx.execute(
        sql`update invoicing_journal set payload = jsonb_set(payload, '{after,min}', '"99999999999999999"')
          where terminal_id = ${terminalId} and seq = 2`,
      );
      await tx.execute(sql`alter table invoicing_journal enable trigger invoicing_journal_no_change`);
    });
    const [second] = (await entriesOf(terminalId)).filter((e) => e.seq === 2);
    const res = await verify();
    expect(res.json()).toEqual({
      ok: false,
      entries: 1,
      first_bad_entry: {
        id: second!.id,
        terminal: terminalId,
        seq: 2,
        reason: 'What it holds does not match its hash: it was changed after it was written.',
      },
    });
  });

  it('finds an entry removed from the middle of the chain', async () => {
    const db = ctx.database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table invoicing_journal disable trigger invoicing_journal_no_change`);
      await tx.execute(sql`delete from invoicing_journal where terminal_id = ${terminalId} and seq = 1`);
      await tx.execute(sql`alter table invoicing_journal enable trigger invoicing_journal_no_change`);
    });
    const res = await verify();
    expect(res.json()).toMatchObject({
      ok: false,
      entries: 0,
      first_bad_entry: { seq: 2, reason: `Entry 1 of terminal ${terminalId} is missing: the next one found is 2.` },
    });
  });
});
