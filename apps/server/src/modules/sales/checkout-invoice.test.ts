import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Checkout } from '@ginhawa/contract';
import { invoices, sales, terminals } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import type { Fixtures } from '../clients/clients.test-helpers';
import { startInvoicedTill, tillHelpers } from './sales.test-helpers';

/**
 * The invoice a checkout issues (issue 33): one INVOICE per paid checkout, its number taken in the
 * sale's transaction from the desk's terminal, the senior/PWD discount (VAT off, then 20%), the
 * terminal required and of the sale's branch, no number used by a refused sale, and a document
 * that neither the app nor the database's owner can change or delete.
 */

let ctx: TestContext;
let f: Fixtures;
let admin: Agent, receptionist: Agent;
let terminal: number, otherTerminal: number;

beforeAll(async () => {
  // Invoicing on, and the golden case: a ₱1,120.00 VATable massage, eligible for the senior/PWD discount.
  ({ ctx, f, admin, receptionist, terminal, otherTerminal } = await startInvoicedTill('admin', 'receptionist'));
});
afterAll(async () => ctx?.close());

const till = tillHelpers(() => ({ ctx, f, admin, receptionist }), { firstPhone: 9180000000, name: 'Lola' });
const newVisit = () => till.newVisit();
const checkout = (payload: Record<string, unknown>) => till.checkout(receptionist, payload);

const senior = { kind: 'senior', id_type: 'osca', id_number: 'OSCA-12345', name: 'Lola Santos' };

const nextNumber = async () =>
  (
    await ctx.database.db.select({ n: terminals.nextInvoiceNumber }).from(terminals).where(eq(terminals.id, terminal))
  )[0]!.n;

describe('checkout with invoicing on', () => {
  it('issues one INVOICE with the VAT box, its number taken from the terminal', async () => {
    const before = await nextNumber();
    const visit = await newVisit();
    const res = await checkout({
      arrival: visit.id,
      salesperson: f.salesperson,
      terminal,
      payments: [{ payment_method: 'cash', amount: '1120.00' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Checkout;
    expect(body.document).toMatchObject({
      kind: 'invoice',
      number: before,
      vatable_sales: '1000.00',
      vat: '120.00',
      total_due: '1120.00',
      terminal,
    });
    expect(body.document!.document_no).toMatch(/^\d{5}-SI-\d{10}$/);
    expect(body.document!.snapshot).toMatchObject({
      title: 'INVOICE',
      tax: { vatable_sales: '1000.00', vat: '120.00', vat_exempt_sales: '0.00', zero_rated_sales: '0.00' },
      seller: { tin_line: expect.stringMatching(/^VAT REG TIN 009-123-456-\d{5}$/) },
      payments: [{ method: 'cash', label: 'Cash', amount: '1120.00' }],
    });
    const lines = await ctx.database.db
      .select()
      .from(sales)
      .where(eq(sales.reference, `A-${visit.id}`));
    expect(lines.map((l) => l.invoiceId)).toEqual([body.document!.id]);
    expect(await nextNumber()).toBe(before + 1);
  });

  it('the golden senior case: ₱1,120.00 → VAT-exempt ₱1,000.00, discount ₱200.00, due ₱800.00', async () => {
    const visit = await newVisit();
    const short = await checkout({
      arrival: visit.id,
      salesperson: f.salesperson,
      terminal,
      special_discount: senior,
      payments: [{ payment_method: 'cash', amount: '1120.00' }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.payments[0]).toBe('₱320.00 too much: the bill and tips come to ₱800.00.');
    const res = await checkout({
      arrival: visit.id,
      salesperson: f.salesperson,
      terminal,
      special_discount: senior,
      payments: [{ payment_method: 'cash', amount: '800.00' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Checkout;
    expect(body.total_due).toBe('800.00');
    expect(body.document).toMatchObject({
      vat_exempt_sales: '1000.00',
      discount_senior: '200.00',
      vat: '0.00',
      vatable_sales: '0.00',
      total_due: '800.00',
      special_discount: { kind: 'senior', id_number: 'OSCA-12345' },
    });
    expect(body.document!.snapshot.notices).toContain('VAT-EXEMPT SALE');
    // The ledger's net is what was paid: commissions follow the ₱800.00.
    const [line] = await ctx.database.db
      .select()
      .from(sales)
      .where(eq(sales.reference, `A-${visit.id}`));
    expect(line).toMatchObject({ amount: '1120.00', discount: '320.00', netAmount: '800.00' });
  });

  it('needs the terminal, one of this branch', async () => {
    const visit = await newVisit();
    const base = {
      arrival: visit.id,
      salesperson: f.salesperson,
      payments: [{ payment_method: 'cash', amount: '1120.00' }],
    };
    const none = await checkout(base);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.terminal[0]).toMatch(/terminal: invoicing is on/);
    const other = await checkout({ ...base, terminal: otherTerminal });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.terminal[0]).toMatch(/another branch’s terminal/);
  });

  it('a refused sale uses no number', async () => {
    const before = await nextNumber();
    const visit = await newVisit();
    const refused = await checkout({
      arrival: visit.id,
      salesperson: f.otherSalesperson,
      terminal,
      payments: [{ payment_method: 'cash', amount: '1120.00' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await nextNumber()).toBe(before);
  });

  it('a VAT-registered buyer of ₱1,000.00 or more gives name, address and TIN', async () => {
    const visit = await newVisit();
    const res = await checkout({
      arrival: visit.id,
      salesperson: f.salesperson,
      terminal,
      buyer: { name: 'Acme Corp', address: '', tin: '123-456-789', vat_registered: true },
      payments: [{ payment_method: 'cash', amount: '1120.00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.buyer[0]).toMatch(/registered name, address and TIN/);
  });

  it('sells a voucher to a senior citizen: ₱800.00 due on a ₱1,120.00 session, one invoice', async () => {
    const visit = await newVisit();
    const res = await receptionist.request({
      method: 'POST',
      url: '/api/clients/treatments/',
      payload: {
        client: visit.client,
        treatment: f.treatment.id,
        sessions: 1,
        location: f.home,
        salesperson: f.salesperson,
        payment_method: 'e_wallet',
        reference_no: 'GC-1',
        terminal,
        special_discount: senior,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sold = res.json();
    expect(sold.price_paid).toBe('800.00');
    expect(sold.sale).toMatchObject({ amount: '1120.00', net_amount: '800.00' });
    expect(sold.document).toMatchObject({
      kind: 'invoice',
      sale_reference: sold.code,
      discount_senior: '200.00',
      vat_exempt_sales: '1000.00',
      total_due: '800.00',
    });
    expect(sold.document.snapshot.lines[0]).toMatchObject({
      description: expect.stringMatching(/voucher, 1 session$/),
    });
  });

  it('sells a membership with its invoice; the senior discount does not reach a membership fee', async () => {
    const visit = await newVisit();
    const res = await receptionist.request({
      method: 'POST',
      url: '/api/clients/memberships/',
      payload: {
        client: visit.client,
        membership: f.membership.id,
        location: f.home,
        salesperson: f.salesperson,
        payment_method: 'cash',
        terminal,
        special_discount: senior,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().document).toMatchObject({
      kind: 'invoice',
      total_due: f.membership.price,
      discount_senior: '0.00',
      special_discount: null,
    });
  });

  it('an imported sale names the invoice another registered system issued', async () => {
    const line = { salesperson: f.salesperson, amount: '500.00', payment_method: 'cash' };
    const store = (sales: object[]) =>
      admin.request({
        method: 'POST',
        url: '/api/reports/store-sales-data/',
        payload: { location: f.home, date: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10), sales },
      });
    const bare = await store([line]);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors['sales.0.external_document_no'][0]).toMatch(/other registered system/);
    const named = await store([{ ...line, external_document_no: 'OR-55501' }]);
    expect(named.statusCode, named.body).toBe(201);
    const [row] = await ctx.database.db.select().from(sales).where(eq(sales.id, named.json().ids[0]));
    expect(row).toMatchObject({ externalDocumentNo: 'OR-55501', invoiceId: null });
  });

  it('a document is never changed or deleted, even by the database owner', async () => {
    const db = ctx.database.db;
    const [doc] = await db.select().from(invoices).limit(1);
    await expect(db.update(invoices).set({ totalDue: '1.00' }).where(eq(invoices.id, doc!.id))).rejects.toThrow();
    await expect(db.delete(invoices).where(eq(invoices.id, doc!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate invoices cascade`)).rejects.toThrow();
    // The void mark is the one change it takes, once.
    await db
      .update(invoices)
      .set({ voidedAt: new Date(), voidedBy: 1, voidReason: 'test' })
      .where(eq(invoices.id, doc!.id));
    await expect(
      db
        .update(invoices)
        .set({ voidReason: 'again' })
        .where(and(eq(invoices.id, doc!.id))),
    ).rejects.toThrow();
  });

  it('the journal chains every document issued', async () => {
    const res = await admin.request({ method: 'GET', url: `/api/invoicing/journal/verify/?terminal=${terminal}` });
    expect(res.statusCode, res.body).toBe(200);
    const issued = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.terminalId, terminal));
    expect(res.json()).toMatchObject({ ok: true });
    expect(res.json().entries).toBeGreaterThanOrEqual(issued[0]!.n);
  });
});
