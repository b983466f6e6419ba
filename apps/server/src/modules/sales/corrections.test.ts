import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { todayInManila, type Checkout, type InvoiceDocument } from '@ginhawa/contract';
import {
  clientMemberships,
  clientTreatments,
  invoices,
  invoicingJournal,
  invoicingReadings,
  notifications,
  sales,
  tabs,
  terminals,
} from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { signInChoosingOwn } from '../../test/agents';
import { issueWalkIn, walkInInvoice, type IssuedAt } from '../../test/walk-in-invoice';
import type { Fixtures } from '../clients/clients.test-helpers';
import { issueDocument } from '../invoicing/index';
import { startInvoicedTill, tillHelpers } from './sales.test-helpers';

/**
 * Correcting documents (issue 33; decisions 1015–1017): who reads them (the ID on one document's
 * read, never in a list), the void (same day, before the Z reading; the sale lines, the tab and
 * what was sold reversed in its transaction; a used voucher refused), the credit memo (its own
 * series, whole or in part, never more than is left, handed back on the day's books), and the
 * ledger's own delete refusing an invoiced line.
 */

let ctx: TestContext;
let f: Fixtures;
let admin: Agent, manager: Agent, receptionist: Agent, therapist: Agent, farManager: Agent;
let terminal: number, otherTerminal: number, closedTerminal: number;
const today = todayInManila();

beforeAll(async () => {
  ({ ctx, f, admin, manager, receptionist, therapist, terminal, otherTerminal } = await startInvoicedTill(
    'admin',
    'manager',
    'receptionist',
    'therapist',
  ));
  const db = ctx.database.db;
  // A second desk at the home branch whose day a Z reading closes (the readings' endpoint is another's).
  const [second] = await db
    .insert(terminals)
    .values({
      locationId: f.home,
      name: 'Front desk Z',
      invoicePrefix: 'SZ-',
      creditMemoPrefix: 'CZ-',
      acknowledgementPrefix: 'AZ-',
    })
    .returning({ id: terminals.id });
  closedTerminal = second!.id;
  // A Manager of the other branch only.
  const created = await admin.request({
    method: 'POST',
    url: '/api/users/',
    payload: {
      username: 'far.manager',
      password: 'far manager given phrase',
      groups: ['Manager'],
      locations: [f.other],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  farManager = await signInChoosingOwn(ctx.app, 'far.manager', 'far manager given phrase', 'far manager own phrase');
});
afterAll(async () => ctx?.close());

const till = tillHelpers(() => ({ ctx, f, admin, receptionist }), { firstPhone: 9195000000, name: 'Nena' });
const newVisit = () => till.newVisit();

const senior = { kind: 'senior', id_type: 'osca', id_number: 'OSCA-777', name: 'Nena Reyes' };

/** The desk's checkout of `visit` on the home terminal, paid in cash (`extra` changes any field). */
const payAtDesk = (visit: { id: number }, extra: Record<string, unknown> = {}, paid = '1120.00') =>
  till.checkout(receptionist, {
    arrival: visit.id,
    salesperson: f.salesperson,
    terminal,
    payments: [{ payment_method: 'cash', amount: paid }],
    ...extra,
  });

/** A paid visit and its invoice. */
const invoiced = async (extra: Record<string, unknown> = {}, paid = '1120.00') => {
  const visit = await newVisit();
  const res = await payAtDesk(visit, extra, paid);
  expect(res.statusCode, res.body).toBe(201);
  return { visit, document: (res.json() as Checkout).document! };
};

const post = (agent: Agent, url: string, payload: Record<string, unknown>) =>
  agent.request({ method: 'POST', url, payload });
const voidIt = (agent: Agent, id: number, reason = 'Rang up the wrong client.') =>
  post(agent, `/api/invoicing/documents/${id}/void/`, { reason });
const creditMemo = (agent: Agent, id: number, payload: Record<string, unknown>) =>
  post(agent, `/api/invoicing/documents/${id}/credit-memo/`, payload);

/** The home terminal on `businessDate`, with the desk as its cashier: where a test issues a document itself. */
const atDesk = (businessDate: string): IssuedAt => ({
  terminalId: terminal,
  locationId: f.home,
  businessDate,
  cashier: { id: 1, name: 'Desk' },
});

const terminalRow = async (id: number) =>
  (await ctx.database.db.select().from(terminals).where(eq(terminals.id, id)))[0]!;

describe('reading documents', () => {
  it('the branch reads them; the ID is on one document’s read, never in a list', async () => {
    const { document } = await invoiced({ special_discount: senior }, '800.00');
    const list = await receptionist.request({
      method: 'GET',
      url: `/api/invoicing/documents/?search=${document.document_no}`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().count).toBe(1);
    expect(list.json().results[0]).toMatchObject({
      id: document.id,
      total_due: '800.00',
      discount_senior: '200.00',
      special_discount: null,
    });
    expect(list.body).not.toContain('OSCA-777');
    for (const agent of [receptionist, manager, admin]) {
      const one = await agent.request({ method: 'GET', url: `/api/invoicing/documents/${document.id}/` });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().special_discount).toMatchObject({ kind: 'senior', id_number: 'OSCA-777' });
    }
  });

  it('filters by kind, terminal and day; searches the buyer’s name', async () => {
    const { document } = await invoiced();
    const byName = await manager.request({
      method: 'GET',
      url: `/api/invoicing/documents/?search=nena&kind=invoice&terminal=${terminal}&date_from=${today}&date_to=${today}`,
    });
    expect(byName.statusCode, byName.body).toBe(200);
    expect((byName.json().results as InvoiceDocument[]).map((d) => d.id)).toContain(document.id);
    const memos = await manager.request({ method: 'GET', url: '/api/invoicing/documents/?kind=credit_memo' });
    expect((memos.json().results as InvoiceDocument[]).every((d) => d.kind === 'credit_memo')).toBe(true);
    const earlier = await manager.request({ method: 'GET', url: '/api/invoicing/documents/?date_to=2020-01-01' });
    expect(earlier.json().count).toBe(0);
  });

  it('a bad filter is a 400 naming it', async () => {
    for (const [query, field] of [
      ['kind=receipt', 'kind'],
      ['date_from=yesterday', 'date_from'],
      ['terminal=abc', 'terminal'],
      ['ordering=buyer', 'ordering'],
    ] as const) {
      const res = await manager.request({ method: 'GET', url: `/api/invoicing/documents/?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });

  it('therapists may not; another branch’s Manager neither lists nor reads them', async () => {
    const { document } = await invoiced();
    expect((await therapist.request({ method: 'GET', url: '/api/invoicing/documents/' })).statusCode).toBe(403);
    expect(
      (await therapist.request({ method: 'GET', url: `/api/invoicing/documents/${document.id}/` })).statusCode,
    ).toBe(403);
    const far = await farManager.request({ method: 'GET', url: `/api/invoicing/documents/?location=${f.home}` });
    expect(far.statusCode).toBe(200);
    expect(far.json().count).toBe(0);
    expect(
      (await farManager.request({ method: 'GET', url: `/api/invoicing/documents/${document.id}/` })).statusCode,
    ).toBe(404);
  });
});

describe('void', () => {
  it('the Manager voids the same day: number kept, lines deleted, tab open again, journal', async () => {
    const { visit, document } = await invoiced();
    const db = ctx.database.db;
    const nextBefore = (await terminalRow(terminal)).nextInvoiceNumber;
    expect(await db.select().from(sales).where(eq(sales.invoiceId, document.id))).toHaveLength(1);

    const res = await voidIt(manager, document.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: document.id,
      number: document.number,
      document_no: document.document_no,
      void_reason: 'Rang up the wrong client.',
    });
    expect(res.json().voided_at).not.toBeNull();
    expect(
      await db
        .select()
        .from(sales)
        .where(eq(sales.reference, `A-${visit.id}`)),
    ).toEqual([]);
    const [tab] = await db.select().from(tabs).where(eq(tabs.arrivalId, visit.id));
    expect(tab).toMatchObject({ status: 'open', closedAt: null });
    // The number stays used: the next invoice takes the next one, not this one again.
    expect((await terminalRow(terminal)).nextInvoiceNumber).toBe(nextBefore);
    const [entry] = await db
      .select()
      .from(invoicingJournal)
      .where(and(eq(invoicingJournal.terminalId, terminal), eq(invoicingJournal.event, 'document_voided')))
      .orderBy(sql`${invoicingJournal.seq} desc`)
      .limit(1);
    expect(entry!.payload).toMatchObject({ document: document.id, document_no: document.document_no });
    const verify = await admin.request({ method: 'GET', url: `/api/invoicing/journal/verify/?terminal=${terminal}` });
    expect(verify.json()).toMatchObject({ ok: true });

    // The visit checks out again, on a new number.
    const again = await payAtDesk(visit);
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as Checkout).document!.number).toBe(nextBefore);

    const twice = await voidIt(manager, document.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/already voided/);
  });

  it('a receptionist may not; another branch’s Manager finds no such document', async () => {
    const { document } = await invoiced();
    expect((await voidIt(receptionist, document.id)).statusCode).toBe(403);
    expect((await voidIt(therapist, document.id)).statusCode).toBe(403);
    expect((await voidIt(farManager, document.id)).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, document.id));
    expect(row!.voidedAt).toBeNull();
  });

  it('the desk asks for a void; the Manager’s approval voids it in the Manager’s name', async () => {
    const { document } = await invoiced();
    const db = ctx.database.db;
    const asked = await post(receptionist, `/api/invoicing/documents/${document.id}/void-request/`, {
      reason: 'Charged the wrong client.',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({
      result: 'requested',
      message: `Your request to void ${document.document_no} was sent to the managers and administrators for approval.`,
    });
    const [row] = await db.select().from(invoices).where(eq(invoices.id, document.id));
    expect(row!.voidedAt).toBeNull();
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'void_document'), eq(notifications.recipientId, ctx.userIds.manager!)))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    expect(notice!.message).toMatch(
      new RegExp(`void ${document.document_no} \\(₱1,120\\.00, .*\\): Charged the wrong client\\.$`),
    );
    // The branch's Manager approves, and it is voided.
    const decided = await manager.request({
      method: 'POST',
      url: `/api/notifications/${notice!.id}/decide/`,
      payload: { approved: true },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const [after] = await db.select().from(invoices).where(eq(invoices.id, document.id));
    expect(after).toMatchObject({ voidReason: 'Charged the wrong client.', voidedBy: ctx.userIds.manager });
    expect(await db.select().from(sales).where(eq(sales.invoiceId, document.id))).toEqual([]);
    // Nothing left to ask for: a voided document is a 409.
    const again = await post(receptionist, `/api/invoicing/documents/${document.id}/void-request/`, { reason: 'x' });
    expect(again.statusCode).toBe(409);
  });

  it('needs a reason (400 on reason)', async () => {
    const { document } = await invoiced();
    const res = await post(manager, `/api/invoicing/documents/${document.id}/void/`, { reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['reason']);
  });

  it('after the terminal’s Z reading: 409 "… use a credit memo"', async () => {
    const visit = await newVisit();
    const paid = await payAtDesk(visit, { terminal: closedTerminal });
    expect(paid.statusCode, paid.body).toBe(201);
    const document = (paid.json() as Checkout).document!;
    const me = (await admin.request({ method: 'GET', url: '/api/users/my_data/' })).json() as { id: number };
    await ctx.database.db.insert(invoicingReadings).values({
      terminalId: closedTerminal,
      kind: 'z',
      zCounter: 1,
      businessDate: today,
      madeAt: new Date(),
      madeBy: me.id,
      snapshot: {},
    });
    const res = await voidIt(admin, document.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Z reading.*use a credit memo\.$/);
    expect(await ctx.database.db.select().from(sales).where(eq(sales.invoiceId, document.id))).toHaveLength(1);

    // The credit memo is the way: its own series on that terminal, naming the invoice, the whole of it.
    const series = (await terminalRow(closedTerminal)).nextCreditMemoNumber;
    const before = await cashRefunds();
    const memo = await creditMemo(manager, document.id, { reason: 'Client returned the service.' });
    expect(memo.statusCode, memo.body).toBe(201);
    expect(memo.json()).toMatchObject({
      kind: 'credit_memo',
      number: series,
      terminal: closedTerminal,
      original: document.id,
      gross: '1120.00',
      vatable_sales: '1000.00',
      vat: '120.00',
      total_due: '1120.00',
    });
    expect(memo.json().document_no).toMatch(/CZ-0{9}1$/);
    expect(memo.json().snapshot).toMatchObject({
      title: 'CREDIT MEMO',
      original: { document_no: document.document_no },
      reason: 'Client returned the service.',
      payments: [{ method: 'cash', amount: '1120.00' }],
    });
    expect((await terminalRow(closedTerminal)).nextCreditMemoNumber).toBe(series + 1);
    // Handed back from today's drawer: the day's books count it as cash handed back.
    expect(Number(await cashRefunds()) - Number(before)).toBeCloseTo(-1120, 2);
    const again = await creditMemo(manager, document.id, { reason: 'Once more.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/credited already/);
  });
});

/** The day's "cash handed back" at the home branch, as the end-of-day screen reads it. */
const cashRefunds = async () => {
  const res = await manager.request({ method: 'GET', url: `/api/reports/end-of-day/?location=${f.home}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().cash_terms as { key: string; amount: string }[]).find((t) => t.key === 'refunds')!.amount;
};

describe('credit memo for part of an invoice', () => {
  const issue = () =>
    issueWalkIn(
      ctx.database.db,
      atDesk(today),
      [
        { description: 'Massage', quantity: 2, unit_price: '1120.00', tax_class: 'vatable', senior_pwd_eligible: true },
        { description: 'Scrub', quantity: 1, unit_price: '500.00', tax_class: 'vatable', senior_pwd_eligible: true },
      ],
      '2740.00',
    );

  it('credits the lines named, in proportion, and never more than is left', async () => {
    const invoice = await issue();
    expect(invoice).toMatchObject({ total_due: '2740.00', vat: '293.57', vatable_sales: '2446.43' });
    const one = await creditMemo(admin, invoice.id, {
      lines: [{ line: 0, quantity: 1 }],
      reason: 'One massage not given.',
      refund_method: 'e_wallet',
    });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json()).toMatchObject({
      total_due: '1120.00',
      vatable_sales: '1000.00',
      vat: '120.00',
      gross: '1120.00',
    });
    expect(one.json().snapshot.lines).toEqual([
      expect.objectContaining({ description: 'Massage', quantity: 1, amount: '1120.00' }),
    ]);
    expect(one.json().snapshot.payments).toEqual([expect.objectContaining({ method: 'e_wallet', amount: '1120.00' })]);
    // The rest: the other massage and the scrub; then nothing is left.
    const rest = await creditMemo(admin, invoice.id, {
      lines: [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 1 },
      ],
      reason: 'The rest.',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().total_due).toBe('1620.00');
    const more = await creditMemo(admin, invoice.id, { lines: [{ line: 1, quantity: 1 }], reason: 'Too much.' });
    expect(more.statusCode).toBe(409);
    expect(more.json().errors.lines[0]).toBe('At most ₱0.00 is left to credit.');
  });

  it('every bad input is a 400 naming its field', async () => {
    const invoice = await issue();
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [{ line: 5, quantity: 1 }], reason: 'x' }, 'lines.0.line'],
      [{ lines: [{ line: 0, quantity: 3 }], reason: 'x' }, 'lines.0.quantity'],
      [{ lines: [{ line: 0, quantity: 0 }], reason: 'x' }, 'lines.0.quantity'],
      [{ lines: [], reason: 'x' }, 'lines'],
      [{ reason: '' }, 'reason'],
      [{ reason: 'x', refund_method: 'card' }, 'refund_method'],
      [{ reason: 'x', terminal: otherTerminal }, 'terminal'],
    ];
    for (const [payload, field] of cases) {
      const res = await creditMemo(manager, invoice.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect((await creditMemo(receptionist, invoice.id, { reason: 'x' })).statusCode).toBe(403);
    expect((await creditMemo(farManager, invoice.id, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('what an invoice sold', () => {
  /**
   * The invoice of the sale line `reference` a desk's sale wrote. Until a voucher's or a
   * membership's sale issues its own invoice (the lead's step), one is issued here for it.
   */
  const invoiceOfLine = async (reference: string, description: string, clientName: string) => {
    const db = ctx.database.db;
    const [line] = await db.select().from(sales).where(eq(sales.reference, reference));
    if (line!.invoiceId !== null) return line!.invoiceId;
    const doc = await db.transaction(async (tx) => {
      const d = await issueDocument(
        tx,
        walkInInvoice(
          atDesk(line!.date),
          [{ description, quantity: 1, unit_price: line!.amount, tax_class: 'vatable', senior_pwd_eligible: false }],
          line!.netAmount,
          { clientId: line!.clientId, clientName, saleReference: reference },
        ),
      );
      await tx.update(sales).set({ invoiceId: d.id }).where(eq(sales.id, line!.id));
      return d;
    });
    return doc.id;
  };

  /** A voucher (`treatments`) or a membership sold at the desk to a new client, paid in cash on the home terminal. */
  const soldToNew = async (
    what: 'treatments' | 'memberships',
    name: [string, string],
    item: Record<string, unknown>,
  ) => {
    const client = await till.newClient(...name);
    const sold = await receptionist.request({
      method: 'POST',
      url: `/api/clients/${what}/`,
      payload: { client, ...item, location: f.home, salesperson: f.salesperson, payment_method: 'cash', terminal },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    return sold.json();
  };

  /** A voucher sold at the desk and the invoice that documents its sale line. */
  const voucherInvoice = async () => {
    const sold = await soldToNew('treatments', ['Vic', 'Uy'], { treatment: f.treatment.id, sessions: 1 });
    const code = sold.code as string;
    return { code, invoiceId: await invoiceOfLine(code, 'Voucher', 'Vic Uy') };
  };

  it('an unused voucher is cancelled with the void', async () => {
    const { code, invoiceId } = await voucherInvoice();
    const res = await voidIt(admin, invoiceId);
    expect(res.statusCode, res.body).toBe(200);
    const [voucher] = await ctx.database.db.select().from(clientTreatments).where(eq(clientTreatments.code, code));
    expect(voucher!.status).toBe('cancelled');
    expect(await ctx.database.db.select().from(sales).where(eq(sales.reference, code))).toEqual([]);
  });

  it('a used voucher is a 409 that says so, and nothing changes', async () => {
    const { code, invoiceId } = await voucherInvoice();
    await ctx.database.db.update(clientTreatments).set({ sessionsUsed: 1 }).where(eq(clientTreatments.code, code));
    const res = await voidIt(manager, invoiceId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Voucher ${code} has been used (1 of 1 sessions): its invoice cannot be voided. Issue a credit memo for what is left.`,
    );
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row!.voidedAt).toBeNull();
    expect(await ctx.database.db.select().from(sales).where(eq(sales.reference, code))).toHaveLength(1);
  });

  it('an unused membership is cancelled with its vouchers', async () => {
    const sold = await soldToNew('memberships', ['Mia', 'Go'], { membership: f.membership.id });
    const id = sold.id as number;
    const db = ctx.database.db;
    const invoiceId = await invoiceOfLine(`CM-${id}`, 'Membership', 'Mia Go');
    const res = await voidIt(manager, invoiceId);
    expect(res.statusCode, res.body).toBe(200);
    const [membership] = await db.select().from(clientMemberships).where(eq(clientMemberships.id, id));
    expect(membership!.status).toBe('cancelled');
    const vouchers = await db.select().from(clientTreatments).where(eq(clientTreatments.clientMembershipId, id));
    expect(vouchers.length).toBeGreaterThan(0);
    expect(vouchers.every((v) => v.status === 'cancelled')).toBe(true);
  });
});

describe('the ledger’s own delete', () => {
  it('refuses an invoiced line: 409 "Void the invoice or issue a credit memo."', async () => {
    const { document } = await invoiced();
    const [line] = await ctx.database.db.select().from(sales).where(eq(sales.invoiceId, document.id));
    const res = await post(admin, '/api/reports/delete-sales-data/', { ids: [line!.id], reason: 'Mistake.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Sale ${line!.id} is on an invoice. Void the invoice or issue a credit memo.`);
    expect(await ctx.database.db.select().from(sales).where(eq(sales.id, line!.id))).toHaveLength(1);
  });
});
