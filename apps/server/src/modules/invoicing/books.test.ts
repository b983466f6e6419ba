import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, between, eq, sql } from 'drizzle-orm';
import { todayInManila, type CorrectionsBook, type SalesSummary, type SpecialDiscountBook } from '@ginhawa/contract';
import { invoices } from '../../db/schema/index';
import type { Agent, TestContext } from '../../test/build';
import { startSignedIn } from '../../test/agents';
import { issueWalkIn, managerCashier } from '../../test/walk-in-invoice';
import type { IssueDocument } from './documents.service';
import { entryHash, GENESIS_HASH } from './journal.service';
import { invoicingOnAtManagersBranch } from './invoicing.test-helpers';

/**
 * The books (issue 33; decision 1022): the E-1 sales summary per terminal and day with its grand
 * totals, the E-2 and E-3 discount books, each equal to the sum of its documents to the centavo;
 * CSV; Admins everywhere, a branch's Managers their branch only; bad input a 400 on the field.
 */

let ctx: TestContext;
let admin: Agent, manager: Agent, receptionist: Agent;
let home: number, annex: number, terminal: number;
const day1 = '2026-11-02';
const day2 = '2026-11-03';

beforeAll(async () => {
  ({ ctx, admin, manager, receptionist } = await startSignedIn('admin', 'manager', 'receptionist'));
  ({ home, terminal } = await invoicingOnAtManagersBranch(ctx));
  const created = await admin.request({
    method: 'POST',
    url: '/api/locations/',
    payload: { name: 'Books Annex', opening_time: '09:00', closing_time: '21:00' },
  });
  annex = created.json().id;
});
afterAll(async () => ctx?.close());

const massage = {
  description: 'Swedish massage',
  quantity: 1,
  unit_price: '1120.00',
  tax_class: 'vatable' as const,
  senior_pwd_eligible: true,
};
const issue = (businessDate: string, over: Partial<IssueDocument> = {}) =>
  issueWalkIn(
    ctx.database.db,
    { terminalId: terminal, locationId: home, businessDate, cashier: managerCashier(ctx) },
    [massage],
    '1120.00',
    over,
  );

const get = (who: Agent, url: string) => who.request({ method: 'GET', url: `/api/invoicing/books/${url}` });

describe('the books', () => {
  it('equal the sum of their documents, to the centavo', async () => {
    const first = await issue(day1);
    await issue(day1, {
      special: { kind: 'senior', id_type: 'osca', id_number: 'OSCA-77', name: 'Lola Santos', tin: '' },
      // With a VAT-exempt scrub beside the massage: not the senior's exempt sale.
      lines: [
        massage,
        { ...massage, description: 'Scrub', unit_price: '300.00', tax_class: 'vat_exempt', senior_pwd_eligible: false },
      ],
    });
    await issue(day1, {
      special: { kind: 'pwd', id_type: 'pwd_id', id_number: 'PWD-9', name: 'Jose Cruz', tin: '123-456-789' },
    });
    await issue(day2, { lines: [{ ...massage, unit_price: '560.00' }] });
    const voided = await issue(day2, { lines: [{ ...massage, unit_price: '336.00' }] });
    await ctx.database.db.execute(
      sql`update invoices set voided_at = now(), voided_by = 1, void_reason = 'Mistake' where id = ${voided.id}`,
    );
    await issue(day2, {
      kind: 'credit_memo',
      original: { id: first.id, documentNo: first.document_no, issuedAt: first.issued_at },
      reason: 'Refund',
    });

    const res = await get(admin, `sales-summary/?date_from=${day1}&date_to=${day2}&terminal=${terminal}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = res.json() as SalesSummary;
    expect(book.rows.map((r) => [r.date, r.grand_total_before, r.grand_total_after])).toEqual([
      // 1,120 + (800 + 300) + 800.
      [day1, '0.00', '3020.00'],
      // + 560 + 336 (voided: the grand total counts it).
      [day2, '3020.00', '3916.00'],
    ]);
    expect(book.rows[0]).toMatchObject({
      first_invoice: first.document_no,
      gross: '3660.00',
      vatable_sales: '1000.00',
      vat: '120.00',
      vat_exempt_sales: '2300.00',
      discount_senior: '200.00',
      discount_pwd: '200.00',
      returns: '0.00',
      voids: '0.00',
      net_sales: '3020.00',
      z_counter: null,
      reset_counter: 0,
    });
    expect(book.rows[1]).toMatchObject({ returns: '1120.00', voids: '336.00', net_sales: '-560.00' });

    // The totals are the documents' own sums, read here straight from the table.
    const [sums] = await ctx.database.db
      .select({
        vatable: sql<string>`sum(${invoices.vatableSales})::text`,
        vat: sql<string>`sum(${invoices.vat})::text`,
        exempt: sql<string>`sum(${invoices.vatExemptSales})::text`,
        senior: sql<string>`sum(${invoices.discountSenior})::text`,
        pwd: sql<string>`sum(${invoices.discountPwd})::text`,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.terminalId, terminal),
          eq(invoices.kind, 'invoice'),
          sql`${invoices.voidedAt} is null`,
          between(invoices.businessDate, day1, day2),
        ),
      );
    expect(book.totals).toMatchObject({
      vatable_sales: sums!.vatable,
      vat: sums!.vat,
      vat_exempt_sales: sums!.exempt,
      discount_senior: sums!.senior,
      discount_pwd: sums!.pwd,
      net_sales: '2460.00',
    });
    // And the rows add up to the totals.
    const cents = (v: string) => Math.round(Number(v) * 100);
    for (const key of ['gross', 'vatable_sales', 'vat', 'vat_exempt_sales', 'returns', 'voids', 'net_sales'] as const)
      expect(book.rows.reduce((sum, r) => sum + cents(r[key]), 0)).toBe(cents(book.totals[key]));

    const seniors = await get(manager, `senior-citizens/?date_from=${day1}&date_to=${day2}`);
    expect(seniors.statusCode, seniors.body).toBe(200);
    expect((seniors.json() as SpecialDiscountBook).rows).toEqual([
      expect.objectContaining({
        date: day1,
        name: 'Lola Santos',
        id_type: 'osca',
        id_number: 'OSCA-77',
        sales: '1120.00',
        vat: '120.00',
        vat_exempt_sales: '1000.00',
        discount: '200.00',
        net_sales: '800.00',
        voided: false,
      }),
    ]);
    const pwd = await get(manager, `pwd/?date_from=${day1}&date_to=${day2}`);
    expect((pwd.json() as SpecialDiscountBook).totals).toEqual({
      sales: '1120.00',
      vat: '120.00',
      vat_exempt_sales: '1000.00',
      discount: '200.00',
      net_sales: '800.00',
    });
    expect((pwd.json() as SpecialDiscountBook).rows[0]).toMatchObject({ name: 'Jose Cruz', tin: '123-456-789' });
  });

  it('downloads as CSV with a TOTAL line', async () => {
    const csv = await get(admin, `sales-summary/?date_from=${day1}&date_to=${day2}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^date,branch,terminal,min,first_invoice,last_invoice,grand_total_before/);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^TOTAL,(?:,){7}4556\.00,/);
    const seniors = await get(admin, `senior-citizens/?date_from=${day1}&date_to=${day2}&format=csv`);
    expect(seniors.body).toContain('Lola Santos,osca,OSCA-77,,');
  });

  it('Admins read every branch, a Manager only theirs; the desk none', async () => {
    expect((await get(manager, `sales-summary/?date_from=${day1}&date_to=${day2}&location=${annex}`)).statusCode).toBe(
      403,
    );
    expect((await get(admin, `sales-summary/?date_from=${day1}&date_to=${day2}&location=${annex}`)).statusCode).toBe(
      200,
    );
    expect((await get(receptionist, `pwd/?date_from=${day1}&date_to=${day2}`)).statusCode).toBe(403);
    const mine = await get(manager, `sales-summary/?date_from=${day1}&date_to=${day2}&location=${home}`);
    expect((mine.json() as SalesSummary).rows).toHaveLength(2);
  });

  it('bad input is a 400 on the field', async () => {
    const backwards = await get(admin, `sales-summary/?date_from=${day2}&date_to=${day1}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.date_to).toEqual(['The last day comes on or after the first.']);
    const missing = await get(admin, `pwd/?date_to=${day1}`);
    expect(missing.json().errors.date_from).toBeDefined();
    const long = await get(admin, `senior-citizens/?date_from=2025-01-01&date_to=2026-11-01`);
    expect(long.json().errors.date_to).toEqual(['Ask for at most 366 days at a time.']);
    const format = await get(admin, `sales-summary/?date_from=${day1}&date_to=${day2}&format=pdf`);
    expect(format.json().errors.format).toEqual(['Choose json or csv.']);
  });

  it('lists the voids and the credit memos with their reasons, summed as the E-1 sums them', async () => {
    const res = await get(manager, `corrections/?date_from=${day1}&date_to=${day2}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = res.json() as CorrectionsBook;
    const summary = (await get(manager, `sales-summary/?date_from=${day1}&date_to=${day2}`)).json() as SalesSummary;
    expect(book.rows.map((r) => [r.date, r.kind, r.amount, r.reason, r.original_invoice, r.by])).toEqual([
      [day2, 'void', '336.00', 'Mistake', null, expect.stringMatching(/\S/)],
      [day2, 'credit_memo', '1120.00', 'Refund', summary.rows[0]!.first_invoice, 'Mara Manager'],
    ]);
    expect(book.totals).toEqual({ voids: '336.00', void_count: 1, credit_memos: '1120.00', credit_memo_count: 1 });
    expect([book.totals.voids, book.totals.credit_memos]).toEqual([summary.totals.voids, summary.totals.returns]);

    const csv = await get(admin, `corrections/?date_from=${day1}&date_to=${day2}&format=csv`);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('date,branch,terminal,kind,document_number,original_invoice,buyer,amount,reason,at,by');
    expect(lines[1]).toMatch(new RegExp(`^${day2},.*,VOID,.*,336\\.00,Mistake,`));
    expect(lines.slice(3)).toEqual(['TOTAL VOIDS,,,,,,,336.00,,,', 'TOTAL CREDIT MEMOS,,,,,,,1120.00,,,']);
    expect((await get(receptionist, `corrections/?date_from=${day1}&date_to=${day2}`)).statusCode).toBe(403);
    expect((await get(manager, `corrections/?date_from=${day1}&date_to=${day2}&location=${annex}`)).statusCode).toBe(
      403,
    );
  });

  it("reads a terminal's journal as text, each line chained to the one before (Admins only)", async () => {
    const today = todayInManila();
    const url = `/api/invoicing/journal/?terminal=${terminal}&date_from=${today}&date_to=${today}`;
    const res = await admin.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const [heading, columns, ...rest] = res.body.trim().split('\n');
    expect(heading).toMatch(/^ELECTRONIC JOURNAL\t.+\tFront desk 1\tMIN /);
    expect(columns).toBe('seq\tat\tat_utc\tevent\tpayload\tprev_hash\thash');
    const entries = rest.slice(0, -1).map((line) => line.split('\t'));
    // The six documents above (and whatever the setup journalled first), every link recomputed from the text.
    expect(entries.filter((e) => e[3] === 'document_issued').length).toBeGreaterThanOrEqual(6);
    expect(rest.at(-1)).toBe(`${entries.length} entries.`);
    let previous = entries[0]![0] === '1' ? GENESIS_HASH : entries[0]![5]!;
    for (const [seq, at, atUtc, event, payload, prevHash, hash] of entries) {
      expect(at).toMatch(new RegExp(`^${today} \\d\\d:\\d\\d:\\d\\d\\.\\d{3} \\+08:00$`));
      expect(prevHash).toBe(previous);
      const entry = { terminal, seq: Number(seq), at: atUtc!, event: event!, payload: JSON.parse(payload!) as unknown };
      expect(entryHash(prevHash!, entry)).toBe(hash);
      previous = hash!;
    }

    expect((await manager.request({ method: 'GET', url })).statusCode).toBe(403);
    const missing = await admin.request({
      method: 'GET',
      url: `/api/invoicing/journal/?date_from=${today}&date_to=${today}`,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.terminal).toBeDefined();
    const unknown = await admin.request({
      method: 'GET',
      url: `/api/invoicing/journal/?terminal=999999&date_from=${today}&date_to=${today}`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
