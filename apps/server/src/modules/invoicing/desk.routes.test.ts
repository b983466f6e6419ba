import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { Checkout } from '@ginhawa/contract';
import { invoicingJournal, invoicingProfile } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import type { Fixtures } from '../clients/clients.test-helpers';
import { branchTerminals, startTill, tillHelpers } from '../sales/sales.test-helpers';

/**
 * The desk's side of invoicing (decisions 1010, 1013): the desk reads whether invoicing is on, its
 * choice of terminal is journalled, and a document printed again is counted in the journal.
 */

let ctx: TestContext;
let f: Fixtures;
let admin: Agent, receptionist: Agent;
let terminal: number, otherTerminal: number;

beforeAll(async () => {
  ({ ctx, f, admin, receptionist } = await startTill('admin', 'receptionist'));
  ({ terminal, otherTerminal } = await branchTerminals(ctx.database.db, f));
});
afterAll(async () => ctx?.close());

const till = tillHelpers(() => ({ ctx, f, admin, receptionist }), { firstPhone: 9181112233, name: 'Rosa' });

const journal = (terminalId: number, event: string) =>
  ctx.database.db
    .select({ payload: invoicingJournal.payload })
    .from(invoicingJournal)
    .where(and(eq(invoicingJournal.terminalId, terminalId), eq(invoicingJournal.event, event)))
    .orderBy(asc(invoicingJournal.seq));

describe('/api/invoicing/desk/', () => {
  it('tells the desk whether invoicing is on (the profile is for Managers)', async () => {
    await ctx.database.db.update(invoicingProfile).set({ invoicing: 'off' });
    expect((await receptionist.request({ method: 'GET', url: '/api/invoicing/profile/' })).statusCode).toBe(403);
    const off = await receptionist.request({ method: 'GET', url: '/api/invoicing/desk/' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ invoicing: 'off', vat_status: 'vat', vat_rate: '12.00' });
    await ctx.database.db.update(invoicingProfile).set({ invoicing: 'on' });
    expect((await receptionist.request({ method: 'GET', url: '/api/invoicing/desk/' })).json()).toEqual({
      invoicing: 'on',
      vat_status: 'vat',
      vat_rate: '12.00',
    });
  });

  it('journals the desk choosing its terminal; another branch’s terminal is a 400 on terminal', async () => {
    const res = await receptionist.request({
      method: 'POST',
      url: '/api/invoicing/desk/terminal/',
      payload: { terminal },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ terminal });
    const entries = await journal(terminal, 'terminal_chosen');
    expect(entries.at(-1)!.payload).toMatchObject({ user_name: expect.any(String) });

    const other = await receptionist.request({
      method: 'POST',
      url: '/api/invoicing/desk/terminal/',
      payload: { terminal: otherTerminal },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toHaveProperty('terminal');
    expect(await journal(otherTerminal, 'terminal_chosen')).toEqual([]);
  });
});

describe('POST /api/invoicing/documents/{id}/reprint/', () => {
  it('counts each reprint in the terminal’s journal', async () => {
    await ctx.database.db.update(invoicingProfile).set({ invoicing: 'on' });
    const visit = await till.newVisit();
    const paid = await till.checkout(receptionist, {
      arrival: visit.id,
      salesperson: f.salesperson,
      terminal,
      payments: [{ payment_method: 'cash', amount: f.treatment.price }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const doc = (paid.json() as Checkout).document!;

    const first = await receptionist.request({ method: 'POST', url: `/api/invoicing/documents/${doc.id}/reprint/` });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ document: doc.id, document_no: doc.document_no, reprints: 1 });
    const second = await admin.request({ method: 'POST', url: `/api/invoicing/documents/${doc.id}/reprint/` });
    expect(second.json().reprints).toBe(2);
    const entries = await journal(terminal, 'document_reprinted');
    expect(entries.map((e) => (e.payload as { reprint: number }).reprint)).toEqual([1, 2]);

    expect(
      (await receptionist.request({ method: 'POST', url: '/api/invoicing/documents/999999/reprint/' })).statusCode,
    ).toBe(404);
  });
});
