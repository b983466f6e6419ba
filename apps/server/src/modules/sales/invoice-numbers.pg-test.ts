import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { invoices, invoicingProfile, terminals } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { loadFixtures, type Fixtures } from '../clients/clients.test-helpers';
import { tillHelpers } from './sales.test-helpers';

/**
 * Invoice numbers under concurrency on a real PostgreSQL (issue 33): desks checking out at once on
 * one terminal, and on two, get numbers that are exactly consecutive per terminal, none repeated,
 * none missing, while the refused checkouts among them use none.
 */

let ctx: TestContext;
let f: Fixtures;
let admin: Agent, receptionist: Agent;
let first: number, second: number;

beforeAll(async () => {
  ({ ctx, admin, receptionist } = await startSignedIn('admin', 'receptionist'));
  f = await loadFixtures(ctx.database.db);
  const db = ctx.database.db;
  await db.update(invoicingProfile).set({ invoicing: 'on' });
  [first] = (
    await db
      .select({ id: terminals.id })
      .from(terminals)
      .where(eq(terminals.locationId, f.home))
      .orderBy(asc(terminals.id))
  ).map((t) => t.id) as [number];
  const made = await admin.request({
    method: 'POST',
    url: '/api/invoicing/terminals/',
    payload: { location: f.home, name: 'Front desk 2', invoice_prefix: 'FD2-' },
  });
  expect(made.statusCode, made.body).toBe(201);
  second = made.json().id;
}, 60_000);
afterAll(async () => ctx?.close());

const till = tillHelpers(() => ({ ctx, f, admin, receptionist }), { firstPhone: 9190000000, name: 'Queue' });
const newVisit = () => till.newVisit();

const checkout = (arrival: number, terminal: number, amount: string) =>
  receptionist.request({
    method: 'POST',
    url: '/api/sales/checkout/',
    payload: { arrival, salesperson: f.salesperson, terminal, payments: [{ payment_method: 'cash', amount }] },
  });

const numbersOf = async (terminal: number, arrivals: number[]) =>
  (
    await ctx.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(
        and(
          eq(invoices.terminalId, terminal),
          eq(invoices.kind, 'invoice'),
          inArray(
            invoices.saleReference,
            arrivals.map((a) => `A-${a}`),
          ),
        ),
      )
  )
    .map((r) => r.number)
    .sort((a, b) => a - b);

const consecutive = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const nextOf = async (terminal: number) =>
  (
    await ctx.database.db.select({ n: terminals.nextInvoiceNumber }).from(terminals).where(eq(terminals.id, terminal))
  )[0]!.n;

describe('invoice numbers under concurrency', () => {
  it('20 desks on one terminal, 3 of them refused: 17 consecutive numbers, none missing', async () => {
    const visits: number[] = [];
    for (let i = 0; i < 20; i += 1) visits.push((await newVisit()).id);
    const start = await nextOf(first);
    // Three pay ₱0.01 against the bill: refused (400) in the same race, they take no number.
    const answers = await Promise.all(
      visits.map((v, i) => checkout(v, first, i % 7 === 3 ? '0.01' : f.treatment.price)),
    );
    const ok = visits.filter((_, i) => answers[i]!.statusCode === 201);
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 201)).toEqual([400, 400, 400]);
    expect(await numbersOf(first, ok)).toEqual(consecutive(start, 17));
    expect(await nextOf(first)).toBe(start + 17);
  }, 120_000);

  it('two terminals × 10 desks: each series consecutive on its own', async () => {
    const visits: number[] = [];
    for (let i = 0; i < 20; i += 1) visits.push((await newVisit()).id);
    const starts = [await nextOf(first), await nextOf(second)];
    const answers = await Promise.all(visits.map((v, i) => checkout(v, i % 2 ? second : first, f.treatment.price)));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(
      await numbersOf(
        first,
        visits.filter((_, i) => i % 2 === 0),
      ),
    ).toEqual(consecutive(starts[0]!, 10));
    expect(
      await numbersOf(
        second,
        visits.filter((_, i) => i % 2 === 1),
      ),
    ).toEqual(consecutive(starts[1]!, 10));
  }, 120_000);
});
