import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { todayInManila, type Reading } from '@ginhawa/contract';
import { invoicingJournal, invoicingProfile, invoicingReadings, terminals, userLocations } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { issueWalkIn } from '../../test/walk-in-invoice';
import type { IssueDocument } from './documents.service';
import { verifyJournal } from './journal.service';

/**
 * X and Z readings (issue 33; decision 1020): the figures summed from the terminal's documents
 * since its last Z, the Z counter, the grand total carried from Z to Z, a reading that never
 * changes and reads back byte for byte, who may make which, and bad input.
 */

let ctx: TestContext;
let admin: Agent, manager: Agent, receptionist: Agent, therapist: Agent;
let home: number, other: number;
let terminal: number, otherTerminal: number;
const today = todayInManila();

beforeAll(async () => {
  ({ ctx, admin, manager, receptionist, therapist } = await startSignedIn(
    'admin',
    'manager',
    'receptionist',
    'therapist',
  ));
  const db = ctx.database.db;
  await db.update(invoicingProfile).set({ invoicing: 'on' });
  const [place] = await db
    .select({ id: userLocations.locationId })
    .from(userLocations)
    .where(eq(userLocations.userId, ctx.userIds.manager!));
  home = place!.id;
  const rows = await db
    .select({ id: terminals.id, locationId: terminals.locationId })
    .from(terminals)
    .orderBy(asc(terminals.id));
  terminal = rows.find((t) => t.locationId === home)!.id;
  // A branch the Manager does not work at, with its terminal.
  const annex = await admin.request({
    method: 'POST',
    url: '/api/locations/',
    payload: { name: 'Readings Annex', opening_time: '09:00', closing_time: '21:00' },
  });
  expect(annex.statusCode, annex.body).toBe(201);
  other = annex.json().id;
  const desk = await admin.request({
    method: 'POST',
    url: '/api/invoicing/terminals/',
    payload: { location: other, name: 'Annex Desk 1' },
  });
  expect(desk.statusCode, desk.body).toBe(201);
  otherTerminal = desk.json().id;
});

/** What the database answered a refused statement (the driver wraps it in `cause`). */
const refusal = async (statement: Promise<unknown>) => {
  try {
    await statement;
    return 'accepted';
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
};
afterAll(async () => ctx?.close());

const massage = {
  description: 'Swedish massage',
  quantity: 1,
  tax_class: 'vatable' as const,
  senior_pwd_eligible: true,
};

/** Issues one document on the home terminal, as the checkout does, in its own transaction. */
const issue = (over: Partial<IssueDocument> = {}) =>
  issueWalkIn(
    ctx.database.db,
    {
      terminalId: terminal,
      locationId: home,
      businessDate: today,
      cashier: { id: ctx.userIds.receptionist!, name: 'Rica Reyes' },
    },
    [{ ...massage, unit_price: '1120.00' }],
    '1120.00',
    over,
  );

const reading = async (who: Agent, kind: 'x' | 'z', terminalId = terminal) =>
  who.request({ method: 'POST', url: `/api/invoicing/readings/${kind}/${terminalId}/` });

describe('readings', () => {
  it('an X reading sums the documents since the last Z and resets nothing; the Z closes them', async () => {
    const first = await issue();
    // A senior citizen's massage: ₱1,120.00 → exempt ₱1,000.00, discount ₱200.00, due ₱800.00, paid by card.
    await issue({
      special: { kind: 'senior', id_type: 'osca', id_number: 'OSCA-1', name: 'Lola Santos', tin: '' },
      payments: [{ method: 'card', bankId: null, referenceNo: 'AP-1', amount: '800.00' }],
    });
    // Two lines, one zero-rated, one VAT-exempt, with a ₱100.00 discount: then voided.
    const voided = await issue({
      lines: [
        { ...massage, description: 'Facial', unit_price: '560.00', tax_class: 'zero_rated' },
        { ...massage, description: 'Scrub', unit_price: '300.00', tax_class: 'vat_exempt' },
      ],
      discount: '100.00',
      payments: [{ method: 'cash', bankId: null, referenceNo: '', amount: '760.00' }],
    });
    await ctx.database.db.execute(
      sql`update invoices set voided_at = now(), voided_by = ${ctx.userIds.manager!}, void_reason = 'Wrong client' where id = ${voided.id}`,
    );
    await issue({
      kind: 'acknowledgement',
      saleReference: 'R-9',
      lines: [{ ...massage, description: 'Deposit', unit_price: '500.00' }],
      payments: [{ method: 'cash', bankId: null, referenceNo: '', amount: '500.00' }],
    });
    await issue({
      kind: 'credit_memo',
      lines: [{ ...massage, unit_price: '1120.00' }],
      original: { id: first.id, documentNo: first.document_no, issuedAt: first.issued_at },
      reason: 'Refund',
      payments: [{ method: 'cash', bankId: null, referenceNo: '', amount: '1120.00' }],
    });
    const [before] = await ctx.database.db.select().from(terminals).where(eq(terminals.id, terminal));

    const x = await reading(receptionist, 'x');
    expect(x.statusCode, x.body).toBe(201);
    const xs = (x.json() as Reading).snapshot;
    expect(xs).toMatchObject({
      title: 'X READING',
      z_counter: null,
      previous_z_counter: before!.zCounter,
      reset_counter: 0,
      document_count: 5,
      documents: {
        invoice: { count: 3, first: first.document_no },
        credit_memo: { count: 1 },
        acknowledgement: { count: 1 },
      },
      // Every invoice rung up, the voided one too: 1,120 + 1,120 + 860.
      gross: '3100.00',
      // The invoices that stand: 1,000 + 0 (exempt) VATable; VAT 120.
      vatable_sales: '1000.00',
      vat: '120.00',
      vat_exempt_sales: '1000.00',
      zero_rated_sales: '0.00',
      discounts: { senior: '200.00', pwd: '0.00', other: '0.00' },
      voids: { count: 1, amount: '760.00' },
      credit_memos: { count: 1, amount: '1120.00' },
      // 1,120 + 800 − 1,120.
      net_sales: '800.00',
      // Cash 1,120 + 500 (deposit) − 1,120 (refund); the voided invoice's cash is not in the drawer.
      payments: [
        { method: 'card', bank_name: null, amount: '800.00' },
        { method: 'cash', bank_name: null, amount: '500.00' },
      ],
      cash: '500.00',
      grand_total: { previous: '0.00', present: before!.grandTotal },
      seller: { tin_line: expect.stringMatching(/^VAT REG TIN \d{3}-\d{3}-\d{3}-\d{5}$/) },
    });
    // Present grand total = everything invoiced on the terminal: 1,120 + 800 + 760.
    expect(xs.grand_total.present).toBe('2680.00');
    const [unchanged] = await ctx.database.db.select().from(terminals).where(eq(terminals.id, terminal));
    expect(unchanged!.zCounter).toBe(before!.zCounter);

    const z = await reading(manager, 'z');
    expect(z.statusCode, z.body).toBe(201);
    const zr = z.json() as Reading;
    expect(zr).toMatchObject({ kind: 'z', z_counter: before!.zCounter + 1, business_date: today, terminal });
    expect(zr.snapshot).toMatchObject({
      title: 'Z READING',
      net_sales: '800.00',
      cash: '500.00',
      document_count: 5,
      through: { invoice: first.number + 2 },
    });
    const [after] = await ctx.database.db.select().from(terminals).where(eq(terminals.id, terminal));
    expect(after!.zCounter).toBe(before!.zCounter + 1);

    // It reads back byte for byte, whatever the database did to its JSON.
    const read = await manager.request({ method: 'GET', url: `/api/invoicing/readings/${zr.id}/` });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe(z.body);

    // The next Z covers what came after: one invoice, the grand total carried on.
    await issue({
      lines: [{ ...massage, unit_price: '336.00' }],
      payments: [{ method: 'cash', bankId: null, referenceNo: '', amount: '336.00' }],
    });
    const next = await reading(admin, 'z');
    expect(next.statusCode, next.body).toBe(201);
    expect((next.json() as Reading).snapshot).toMatchObject({
      z_counter: before!.zCounter + 2,
      document_count: 1,
      gross: '336.00',
      vatable_sales: '300.00',
      vat: '36.00',
      grand_total: { previous: '2680.00', present: '3016.00' },
      documents: {
        invoice: { count: 1, first: expect.any(String) },
        credit_memo: { count: 0, first: null, last: null },
      },
    });
    // Each reading is in the terminal's journal, and the chain still holds.
    const events = await ctx.database.db
      .select({ event: invoicingJournal.event })
      .from(invoicingJournal)
      .where(eq(invoicingJournal.terminalId, terminal));
    expect(events.filter((e) => e.event === 'z_reading')).toHaveLength(2);
    expect(events.filter((e) => e.event === 'x_reading')).toHaveLength(1);
    expect((await verifyJournal(ctx.database.db, terminal)).ok).toBe(true);

    const list = await manager.request({
      method: 'GET',
      url: `/api/invoicing/readings/?terminal=${terminal}&kind=z&date_from=${today}`,
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { results: Reading[] }).results.map((r) => r.z_counter)).toEqual([
      before!.zCounter + 2,
      before!.zCounter + 1,
    ]);
  });

  it('a Z reading never changes, even for the database owner', async () => {
    const db = ctx.database.db;
    const [row] = await db.select().from(invoicingReadings).where(eq(invoicingReadings.kind, 'z')).limit(1);
    expect(await refusal(db.execute(sql`update invoicing_readings set snapshot = '{}' where id = ${row!.id}`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db.execute(sql`delete from invoicing_readings where id = ${row!.id}`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`truncate invoicing_readings cascade`))).toMatch(/append-only/);
    const [still] = await db.select().from(invoicingReadings).where(eq(invoicingReadings.id, row!.id));
    expect(still).toEqual(row);
  });

  it('who may make which: the desk an X, a Manager of the branch or an Admin a Z', async () => {
    expect((await reading(receptionist, 'z')).statusCode).toBe(403);
    expect((await reading(therapist, 'x')).statusCode).toBe(403);
    const elsewhere = await reading(manager, 'z', otherTerminal);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toMatch(/do not work at/);
    const x = await reading(admin, 'x', otherTerminal);
    expect(x.statusCode, x.body).toBe(201);
    expect(x.json().location).toBe(other);
    // Another branch's reading is not found for a Manager who does not work there.
    expect((await manager.request({ method: 'GET', url: `/api/invoicing/readings/${x.json().id}/` })).statusCode).toBe(
      404,
    );
  });

  it('bad input is a 400 naming the field; an unknown terminal a 404', async () => {
    const bad = await manager.request({ method: 'POST', url: '/api/invoicing/readings/z/abc/' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.terminal).toBeDefined();
    expect((await reading(manager, 'z', 999999)).statusCode).toBe(404);
    const list = await manager.request({ method: 'GET', url: '/api/invoicing/readings/?date_from=yesterday' });
    expect(list.statusCode).toBe(400);
    expect(list.json().errors.date_from).toBeDefined();
    const kind = await manager.request({ method: 'GET', url: '/api/invoicing/readings/?kind=y' });
    expect(kind.json().errors.kind).toEqual(['Choose x or z.']);
  });
});
