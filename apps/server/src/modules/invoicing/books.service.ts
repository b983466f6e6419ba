import { eq, sql, type SQL } from 'drizzle-orm';
import type {
  BooksQuery,
  CorrectionsBook,
  CorrectionsBookRow,
  SalesSummary,
  SalesSummaryRow,
  SpecialDiscountBook,
  SpecialDiscountBookRow,
  SpecialDiscountKind,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { locations, terminals } from '../../db/schema/index';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/http-error';
import { csvLines } from '../../lib/csv';
import { inScope, scopeWhere, workplaceScope } from '../../lib/scope';

/**
 * The books (issue 33; RMO 24-2023 Annexes E-1 to E-3; docs/decisions/1022-the-books.md), read
 * from the documents themselves and summed in SQL, so each equals the sum of its documents to the
 * centavo. Admins read every branch's; a branch's Managers their branch's (another's is a 403).
 */

const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The caller's reach for these books: refuses a named branch or terminal outside it (403). */
const booksScope = async (db: Db, user: AuthUser, q: BooksQuery): Promise<SQL> => {
  const scope = workplaceScope(user);
  if (q.terminal !== undefined) {
    const [terminal] = await db
      .select({ locationId: terminals.locationId, name: terminals.name })
      .from(terminals)
      .where(eq(terminals.id, q.terminal));
    if (!terminal) throw notFound('No such terminal.');
    if (!isAdmin(user) && !inScope(scope, terminal.locationId))
      throw forbidden(`You do not work at ${terminal.name}'s branch, so you cannot read its books.`);
  }
  if (q.location !== undefined) {
    const [location] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, q.location));
    if (!location) throw notFound('No such branch.');
    if (!inScope(scope, q.location))
      throw forbidden(`You do not work at ${location.name}, so you cannot read its books.`);
  }
  return sql.join(
    [
      scopeWhere(scope, sql`i.location_id`) ?? sql`true`,
      q.location !== undefined ? sql`i.location_id = ${q.location}` : sql`true`,
      q.terminal !== undefined ? sql`i.terminal_id = ${q.terminal}` : sql`true`,
    ],
    sql` and `,
  );
};

const m = (expression: SQL) => sql`round(coalesce(${expression}, 0), 2)::text`;
const standing = sql`i.kind = 'invoice' and i.voided_at is null`;
const memos = sql`i.kind = 'credit_memo' and i.voided_at is null`;

/** The day's figures of a set of documents `i` (the E-1's columns but the numbers and grand totals). */
const summaryFigures = sql`
  ${m(sql`sum(i.gross) filter (where i.kind = 'invoice')`)} as gross,
  ${m(sql`sum(i.vatable_sales) filter (where ${standing})`)} as vatable_sales,
  ${m(sql`sum(i.vat) filter (where ${standing})`)} as vat,
  ${m(sql`sum(i.vat_exempt_sales) filter (where ${standing})`)} as vat_exempt_sales,
  ${m(sql`sum(i.zero_rated_sales) filter (where ${standing})`)} as zero_rated_sales,
  ${m(sql`sum(i.discount_senior) filter (where ${standing})`)} as discount_senior,
  ${m(sql`sum(i.discount_pwd) filter (where ${standing})`)} as discount_pwd,
  ${m(sql`sum(i.discount_other) filter (where ${standing})`)} as discount_other,
  ${m(sql`sum(i.total_due) filter (where ${memos})`)} as returns,
  ${m(sql`sum(i.total_due) filter (where i.kind = 'invoice' and i.voided_at is not null)`)} as voids,
  ${m(sql`coalesce(sum(i.total_due) filter (where ${standing}), 0) - coalesce(sum(i.total_due) filter (where ${memos}), 0)`)} as net_sales`;

/**
 * Annex E-1, the sales summary: per terminal and day with an invoice or credit memo, the first and
 * last invoice numbers, the grand total before and after the day (the terminal's opening total plus
 * every invoice before, voided ones too, as the terminal's grand total counts them), the day's
 * figures, its Z counter and the reset counter.
 */
export const salesSummary = async (db: Db, user: AuthUser, q: BooksQuery): Promise<SalesSummary> => {
  const where = await booksScope(db, user, q);
  const rows = await rowsOf<SalesSummaryRow>(
    db,
    sql`with days as (
      select i.terminal_id, i.business_date,
        (array_agg(i.document_no order by i.number) filter (where i.kind = 'invoice'))[1] as first_invoice,
        (array_agg(i.document_no order by i.number desc) filter (where i.kind = 'invoice'))[1] as last_invoice,
        coalesce(sum(i.total_due) filter (where i.kind = 'invoice'), 0) as issued,
        count(*) filter (where i.kind in ('invoice', 'credit_memo')) as documents,
        ${summaryFigures}
      from invoices i
      where ${where} and i.business_date <= ${q.date_to}::date
      group by i.terminal_id, i.business_date
    ), running as (
      select d.*, sum(d.issued) over (partition by d.terminal_id order by d.business_date) as issued_through
      from days d
    ), -- materialized: inlined, its per-terminal sum ran once per day row (3 s for a year).
    opening as materialized (
      select t.id, t.grand_total - coalesce((select sum(x.total_due) from invoices x where x.terminal_id = t.id and x.kind = 'invoice'), 0) as amount
      from terminals t where t.id in (select terminal_id from days)
    )
    select r.business_date::text as date, t.location_id as location, l.name as location_name,
      r.terminal_id as terminal, t.name as terminal_name, t.min,
      r.first_invoice, r.last_invoice,
      round(o.amount + r.issued_through - r.issued, 2)::text as grand_total_before,
      round(o.amount + r.issued_through, 2)::text as grand_total_after,
      r.gross, r.vatable_sales, r.vat, r.vat_exempt_sales, r.zero_rated_sales,
      r.discount_senior, r.discount_pwd, r.discount_other, r.returns, r.voids, r.net_sales,
      (select max(z.z_counter) from invoicing_readings z where z.terminal_id = r.terminal_id and z.kind = 'z' and z.business_date = r.business_date) as z_counter,
      t.reset_counter
    from running r
    join terminals t on t.id = r.terminal_id
    join locations l on l.id = t.location_id
    join opening o on o.id = r.terminal_id
    where r.business_date >= ${q.date_from}::date and r.documents > 0
    order by r.business_date, l.name, t.name, r.terminal_id`,
  );
  const [totals] = await rowsOf<SalesSummary['totals']>(
    db,
    sql`select ${summaryFigures} from invoices i
      where ${where} and i.business_date between ${q.date_from}::date and ${q.date_to}::date`,
  );
  return {
    date_from: q.date_from,
    date_to: q.date_to,
    rows: rows.map((r) => ({ ...r, z_counter: r.z_counter === null ? null : Number(r.z_counter) })),
    totals: totals!,
  };
};

/**
 * Annexes E-2 and E-3: each invoice with a senior citizen's (or PWD's) discount. `sales` is the
 * eligible lines as priced, `vat_exempt_sales` what they came to without VAT (the invoice's exempt
 * sales less its other exempt lines), `vat` the difference, `net_sales` what was due for them.
 */
export const specialDiscountBook = async (
  db: Db,
  user: AuthUser,
  kind: SpecialDiscountKind,
  q: BooksQuery,
): Promise<SpecialDiscountBook> => {
  const where = await booksScope(db, user, q);
  const lineSum = (condition: SQL) =>
    sql`coalesce((select sum((e->>'amount')::numeric) from jsonb_array_elements(i.snapshot->'lines') e where ${condition}), 0)`;
  const book = sql`with book as (
      select i.business_date, l.name as location_name, t.name as terminal_name, i.document_no,
        s.name, s.id_type, s.id_number, s.tin, i.voided_at is not null as voided,
        ${lineSum(sql`(e->>'special')::boolean`)} as sales,
        case when jsonb_typeof(i.snapshot->'tax') = 'object'
          then i.vat_exempt_sales - ${lineSum(sql`not (e->>'special')::boolean and e->>'tax_class' = 'vat_exempt'`)}
          else ${lineSum(sql`(e->>'special')::boolean`)} end as exempt,
        case s.kind when 'senior' then i.discount_senior else i.discount_pwd end as discount
      from invoice_special_discounts s
      join invoices i on i.id = s.invoice_id
      join terminals t on t.id = i.terminal_id
      join locations l on l.id = i.location_id
      where s.kind = ${kind} and i.kind = 'invoice' and ${where}
        and i.business_date between ${q.date_from}::date and ${q.date_to}::date
    )`;
  const rows = await rowsOf<SpecialDiscountBookRow>(
    db,
    sql`${book} select business_date::text as date, location_name, terminal_name, document_no, name, id_type,
      id_number, tin, round(sales, 2)::text as sales, round(sales - exempt, 2)::text as vat,
      round(exempt, 2)::text as vat_exempt_sales, round(discount, 2)::text as discount,
      round(exempt - discount, 2)::text as net_sales, voided
    from book order by business_date, document_no`,
  );
  const [totals] = await rowsOf<SpecialDiscountBook['totals']>(
    db,
    sql`${book} select ${m(sql`sum(sales) filter (where not voided)`)} as sales,
      ${m(sql`sum(sales - exempt) filter (where not voided)`)} as vat,
      ${m(sql`sum(exempt) filter (where not voided)`)} as vat_exempt_sales,
      ${m(sql`sum(discount) filter (where not voided)`)} as discount,
      ${m(sql`sum(exempt - discount) filter (where not voided)`)} as net_sales
    from book`,
  );
  return { kind, date_from: q.date_from, date_to: q.date_to, rows, totals: totals! };
};

/**
 * The void and credit-memo report (decision 1024): each document of the range voided (an invoice, or
 * a credit memo itself voided) with its reason and who voided it, and each credit memo that stands
 * with its invoice, reason and cashier. The totals count what the E-1's voids and returns count.
 */
export const correctionsBook = async (db: Db, user: AuthUser, q: BooksQuery): Promise<CorrectionsBook> => {
  const where = await booksScope(db, user, q);
  const book = sql`with book as (
      select i.business_date, l.name as location_name, t.name as terminal_name,
        case when i.voided_at is not null then 'void' else 'credit_memo' end as kind,
        i.document_no, o.document_no as original_invoice, i.buyer_name, i.total_due as amount,
        coalesce(case when i.voided_at is not null then i.void_reason else i.snapshot->>'reason' end, '') as reason,
        coalesce(i.voided_at, i.issued_at) as happened,
        case when i.voided_at is not null
          then coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username, '')
          else i.cashier_name end as "by",
        i.kind as document_kind
      from invoices i
      join terminals t on t.id = i.terminal_id
      join locations l on l.id = i.location_id
      left join invoices o on o.id = i.original_id
      left join users u on u.id = i.voided_by
      where ${where} and i.business_date between ${q.date_from}::date and ${q.date_to}::date
        and (i.voided_at is not null and i.kind in ('invoice', 'credit_memo') or ${memos})
    )`;
  const rows = await rowsOf<CorrectionsBookRow>(
    db,
    sql`${book} select business_date::text as date, location_name, terminal_name, kind, document_no,
      case when kind = 'credit_memo' then original_invoice end as original_invoice, buyer_name,
      round(amount, 2)::text as amount, reason, to_char(happened at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, "by"
    from book order by business_date, happened, document_no`,
  );
  // The E-1's voids are invoices voided; a voided credit memo is listed, and simply not a return.
  const [totals] = await rowsOf<{ voids: string; void_count: string; credit_memos: string; credit_memo_count: string }>(
    db,
    sql`${book} select ${m(sql`sum(amount) filter (where kind = 'void' and document_kind = 'invoice')`)} as voids,
      count(*) filter (where kind = 'void') as void_count,
      ${m(sql`sum(amount) filter (where kind = 'credit_memo')`)} as credit_memos,
      count(*) filter (where kind = 'credit_memo') as credit_memo_count
    from book`,
  );
  return {
    date_from: q.date_from,
    date_to: q.date_to,
    rows,
    totals: {
      voids: totals!.voids,
      void_count: Number(totals!.void_count),
      credit_memos: totals!.credit_memos,
      credit_memo_count: Number(totals!.credit_memo_count),
    },
  };
};

// ——— CSV (`?format=csv`): the annexes' columns, one line per row, then a TOTAL line ———

const SUMMARY_FIGURES = [
  'gross',
  'vatable_sales',
  'vat',
  'vat_exempt_sales',
  'zero_rated_sales',
  'discount_senior',
  'discount_pwd',
  'discount_other',
  'returns',
  'voids',
  'net_sales',
] as const;

export const salesSummaryCsv = (book: SalesSummary) => ({
  name: `sales-summary-${book.date_from}-${book.date_to}`,
  lines: csvLines(
    [
      'date',
      'branch',
      'terminal',
      'min',
      'first_invoice',
      'last_invoice',
      'grand_total_before',
      'grand_total_after',
      ...SUMMARY_FIGURES,
      'z_counter',
      'reset_counter',
    ],
    [
      ...book.rows.map((r) => [
        r.date,
        r.location_name,
        r.terminal_name,
        r.min,
        r.first_invoice,
        r.last_invoice,
        r.grand_total_before,
        r.grand_total_after,
        ...SUMMARY_FIGURES.map((k) => r[k]),
        r.z_counter,
        r.reset_counter,
      ]),
      ['TOTAL', '', '', '', '', '', '', '', ...SUMMARY_FIGURES.map((k) => book.totals[k]), '', ''],
    ],
  ),
});

export const specialDiscountCsv = (book: SpecialDiscountBook) => ({
  name: `${book.kind === 'senior' ? 'senior-citizens' : 'pwd'}-${book.date_from}-${book.date_to}`,
  lines: csvLines(
    [
      'date',
      'branch',
      'terminal',
      'name',
      'id_type',
      'id_number',
      'tin',
      'invoice_number',
      'sales',
      'vat',
      'vat_exempt_sales',
      'discount',
      'net_sales',
      'voided',
    ],
    [
      ...book.rows.map((r) => [
        r.date,
        r.location_name,
        r.terminal_name,
        r.name,
        r.id_type,
        r.id_number,
        r.tin,
        r.document_no,
        r.sales,
        r.vat,
        r.vat_exempt_sales,
        r.discount,
        r.net_sales,
        r.voided ? 'VOID' : '',
      ]),
      [
        'TOTAL',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        book.totals.sales,
        book.totals.vat,
        book.totals.vat_exempt_sales,
        book.totals.discount,
        book.totals.net_sales,
        '',
      ],
    ],
  ),
});

export const correctionsCsv = (book: CorrectionsBook) => ({
  name: `voids-and-credit-memos-${book.date_from}-${book.date_to}`,
  lines: csvLines(
    [
      'date',
      'branch',
      'terminal',
      'kind',
      'document_number',
      'original_invoice',
      'buyer',
      'amount',
      'reason',
      'at',
      'by',
    ],
    [
      ...book.rows.map((r) => [
        r.date,
        r.location_name,
        r.terminal_name,
        r.kind === 'void' ? 'VOID' : 'CREDIT MEMO',
        r.document_no,
        r.original_invoice,
        r.buyer_name,
        r.amount,
        r.reason,
        r.at,
        r.by,
      ]),
      ['TOTAL VOIDS', '', '', '', '', '', '', book.totals.voids, '', '', ''],
      ['TOTAL CREDIT MEMOS', '', '', '', '', '', '', book.totals.credit_memos, '', '', ''],
    ],
  ),
});
