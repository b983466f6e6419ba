import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { invoices, invoicingProfile, sales } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { at, post, reserve, startFloorTests, type FloorFixtures } from './floor.test-helpers';

/**
 * A reservation's deposit with invoicing on (issue 33): an ACKNOWLEDGEMENT RECEIPT from the desk's
 * terminal when it is taken (not valid for input tax; not a sale), and an INVOICE for what the spa
 * keeps when it is forfeited.
 */

let ctx: TestContext;
let desk: Agent;
let admin: Agent;
let f: FloorFixtures;
let terminal: number;

beforeAll(async () => {
  ({ ctx, f, desk, admin } = await startFloorTests('K'));
  at('08:00');
  const res = await post(admin, '/api/invoicing/terminals/', {
    location: f.home,
    name: 'Front desk K',
    invoice_prefix: 'K-SI-',
    acknowledgement_prefix: 'K-AR-',
  });
  expect(res.statusCode, res.body).toBe(201);
  terminal = res.json().id;
  await ctx.database.db.update(invoicingProfile).set({ invoicing: 'on' });
});
afterAll(async () => ctx?.close());

const gcash = { payment_method: 'e_wallet', amount: '500', reference_no: 'GC-0077' };

describe('a deposit with invoicing on', () => {
  it('needs the desk’s terminal', async () => {
    const res = await reserve(desk, f, { time: '10:00', therapist: f.therapists[0]!, deposit: gcash });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.terminal[0]).toMatch(/terminal: invoicing is on/);
  });

  it('issues an acknowledgement receipt, then an invoice for what is forfeited', async () => {
    const res = await reserve(desk, f, { time: '11:00', therapist: f.therapists[1]!, deposit: gcash, terminal });
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json();
    expect(booked.document).toMatchObject({
      kind: 'acknowledgement',
      document_no: 'K-AR-0000000001',
      total_due: '500.00',
      vat: '0.00',
      sale_reference: `R-${booked.id}`,
    });
    expect(booked.document.snapshot).toMatchObject({
      title: 'ACKNOWLEDGEMENT RECEIPT',
      tax: null,
      notices: ['THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX'],
      payments: [{ method: 'e_wallet', label: 'GCash/Maya', reference_no: 'GC-0077', amount: '500.00' }],
    });
    at('11:30');
    const noShow = await post(desk, `/api/floor/reservations/${booked.id}/no-show/`);
    expect(noShow.statusCode, noShow.body).toBe(200);
    const [kept] = await ctx.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.saleReference, `R-${booked.id}`), eq(invoices.kind, 'invoice')));
    expect(kept).toMatchObject({
      documentNo: 'K-SI-0000000001',
      totalDue: '500.00',
      vat: '53.57',
      terminalId: terminal,
    });
    const [line] = await ctx.database.db
      .select()
      .from(sales)
      .where(and(eq(sales.kind, 'forfeit'), eq(sales.reference, `R-${booked.id}`)));
    expect(line!.invoiceId).toBe(kept!.id);
  });
});
