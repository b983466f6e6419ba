import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  READING_TITLES,
  todayInManila,
  type Page,
  type Reading,
  type ReadingKind,
  type ReadingQuery,
  type ReadingSnapshot,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { invoicingProfile, invoicingReadings, locations, terminals } from '../../db/schema/index';
import { displayName, isAdmin, type AuthUser } from '../../lib/actor';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { iso } from '../../lib/iso';
import { listPage, totalRows } from '../../lib/list';
import { inScope, scopeWhere, workplaceScope } from '../../lib/scope';
import { sha256 } from '../../lib/tokens';
import { appendJournal, canonicalJson } from './journal.service';
import { PROFILE_ID } from './profile.service';
import { terminalIdentity } from './terminals.service';

/**
 * X and Z readings (issue 33; docs/decisions/1020-readings-and-the-day-close.md). A reading covers
 * the terminal's documents since its last Z reading: those of a later business day than that Z's,
 * and any numbered after the last it covered (per kind). A Z reading also stops at its own business
 * day, so the report of yesterday submitted this morning does not close this morning's sales. All
 * figures are summed in SQL from `invoices`; the reading keeps what it printed (`snapshot`), and a
 * trigger refuses any change to it.
 */

// Both drivers answer execute() with `{rows}`; the shared Db type leaves the result unknown.
const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

type Through = ReadingSnapshot['through'];
const NOTHING_YET: Through = { invoice: 0, credit_memo: 0, acknowledgement: 0 };

type LastZ = { zCounter: number; businessDate: string; madeAt: Date; snapshot: ReadingSnapshot } | null;

const lastZ = async (db: DbOrTx, terminalId: number): Promise<LastZ> => {
  const [row] = await db
    .select({
      zCounter: invoicingReadings.zCounter,
      businessDate: invoicingReadings.businessDate,
      madeAt: invoicingReadings.madeAt,
      snapshot: invoicingReadings.snapshot,
    })
    .from(invoicingReadings)
    .where(and(eq(invoicingReadings.terminalId, terminalId), eq(invoicingReadings.kind, 'z')))
    .orderBy(desc(invoicingReadings.zCounter))
    .limit(1);
  return row ? { ...row, zCounter: row.zCounter!, snapshot: row.snapshot as ReadingSnapshot } : null;
};

/** The documents a reading covers (`i` is `invoices`): since the last Z, up to `until` for a Z. */
const covered = (terminalId: number, previous: LastZ, until: string | null): SQL => {
  const t = previous?.snapshot.through ?? NOTHING_YET;
  const since = previous
    ? // Each arm an index's range (terminal and day; terminal, kind and number), so a terminal's year
      // of documents before the last Z is never read to find today's (a bitmap OR of the two indexes).
      sql`and (i.business_date > ${previous.businessDate}::date
        or (i.kind = 'invoice' and i.number > ${t.invoice}::bigint)
        or (i.kind = 'credit_memo' and i.number > ${t.credit_memo}::bigint)
        or (i.kind = 'acknowledgement' and i.number > ${t.acknowledgement}::bigint))`
    : sql``;
  const upTo = until ? sql`and i.business_date <= ${until}::date` : sql``;
  return sql`i.terminal_id = ${terminalId} ${since} ${upTo}`;
};

const money = (expression: SQL) => sql<string>`round(coalesce(${expression}, 0), 2)::text`;

/** The period's figures: one pass over the terminal's covered documents. */
const periodFigures = async (tx: DbOrTx, where: SQL) => {
  const series = (kind: string) => sql`json_build_object(
    'first', (array_agg(i.document_no order by i.number) filter (where i.kind = ${kind}))[1],
    'last', (array_agg(i.document_no order by i.number desc) filter (where i.kind = ${kind}))[1],
    'count', count(*) filter (where i.kind = ${kind}),
    'max', coalesce(max(i.number) filter (where i.kind = ${kind}), 0))`;
  const standing = sql`i.kind = 'invoice' and i.voided_at is null`;
  const memos = sql`i.kind = 'credit_memo' and i.voided_at is null`;
  const [figures] = await rowsOf<{
    invoice: { first: string | null; last: string | null; count: number; max: number };
    credit_memo: { first: string | null; last: string | null; count: number; max: number };
    acknowledgement: { first: string | null; last: string | null; count: number; max: number };
    document_count: number;
    issued: string;
    gross: string;
    vatable_sales: string;
    vat: string;
    vat_exempt_sales: string;
    zero_rated_sales: string;
    senior: string;
    pwd: string;
    other: string;
    service_charge: string;
    void_count: number;
    void_amount: string;
    memo_count: number;
    memo_amount: string;
    net_sales: string;
  }>(
    tx,
    sql`select
      ${series('invoice')} as invoice,
      ${series('credit_memo')} as credit_memo,
      ${series('acknowledgement')} as acknowledgement,
      count(*)::int as document_count,
      ${money(sql`sum(i.total_due) filter (where i.kind = 'invoice')`)} as issued,
      ${money(sql`sum(i.gross) filter (where i.kind = 'invoice')`)} as gross,
      ${money(sql`sum(i.vatable_sales) filter (where ${standing})`)} as vatable_sales,
      ${money(sql`sum(i.vat) filter (where ${standing})`)} as vat,
      ${money(sql`sum(i.vat_exempt_sales) filter (where ${standing})`)} as vat_exempt_sales,
      ${money(sql`sum(i.zero_rated_sales) filter (where ${standing})`)} as zero_rated_sales,
      ${money(sql`sum(i.discount_senior) filter (where ${standing})`)} as senior,
      ${money(sql`sum(i.discount_pwd) filter (where ${standing})`)} as pwd,
      ${money(sql`sum(i.discount_other) filter (where ${standing})`)} as other,
      ${money(sql`sum(i.service_charge) filter (where ${standing})`)} as service_charge,
      (count(*) filter (where i.kind = 'invoice' and i.voided_at is not null))::int as void_count,
      ${money(sql`sum(i.total_due) filter (where i.kind = 'invoice' and i.voided_at is not null)`)} as void_amount,
      (count(*) filter (where ${memos}))::int as memo_count,
      ${money(sql`sum(i.total_due) filter (where ${memos})`)} as memo_amount,
      ${money(sql`coalesce(sum(i.total_due) filter (where ${standing}), 0) - coalesce(sum(i.total_due) filter (where ${memos}), 0)`)} as net_sales
    from invoices i where ${where}`,
  );
  const payments = await rowsOf<{ method: string; bank_name: string | null; amount: string }>(
    tx,
    sql`select
      p.value->>'method' as method, p.value->>'bank_name' as bank_name,
      round(sum(case when i.kind = 'credit_memo' then -1 else 1 end * (p.value->>'amount')::numeric), 2)::text as amount
    from invoices i cross join lateral jsonb_array_elements(i.snapshot->'payments') p
    where ${where} and i.voided_at is null
    group by 1, 2 order by 1, 2 nulls first`,
  );
  const cash = payments
    .filter((p) => p.method === 'cash')
    .map((p) => sql`${p.amount}::numeric`)
    .reduce((a, b) => sql`${a} + ${b}`, sql`0`);
  const [{ total }] = (await rowsOf<{ total: string }>(tx, sql`select round(${cash}, 2)::text as total`)) as [
    { total: string },
  ];
  return { figures: figures!, payments, cash: total };
};

type TerminalRow = {
  id: number;
  locationId: number;
  locationName: string;
  name: string;
  min: string;
  serialNumber: string;
  permitNumber: string;
  permitDate: string | null;
  grandTotal: string;
  zCounter: number;
  resetCounter: number;
  branchCode: string;
  address: string;
};

/** The terminal, locked: a Z waits for documents being issued on it (they update its row) to commit. */
const lockTerminal = async (tx: Tx, terminalId: number): Promise<TerminalRow> => {
  const [row] = await tx
    .select({
      ...terminalIdentity,
      grandTotal: terminals.grandTotal,
      zCounter: terminals.zCounter,
      resetCounter: terminals.resetCounter,
      branchCode: locations.branchCode,
      address: locations.registeredAddress,
    })
    .from(terminals)
    .innerJoin(locations, eq(locations.id, terminals.locationId))
    .where(eq(terminals.id, terminalId))
    .for('update', { of: terminals });
  if (!row) throw notFound('No such terminal.');
  return row;
};

/**
 * Who may make a reading (decision 1020): an X reading the desk (Receptionists) and Managers who
 * work at the terminal's branch, and Admins; a Z reading a Manager of the branch or an Admin.
 */
const assertMayRead = (user: AuthUser, kind: ReadingKind, terminal: TerminalRow) => {
  if (isAdmin(user)) return;
  if (!inScope(workplaceScope(user), terminal.locationId))
    throw forbidden(`You do not work at ${terminal.locationName}, so you cannot take its terminals' readings.`);
  if (kind === 'z' && !user.groups.includes('Manager'))
    throw forbidden('Only a manager of the branch or an administrator makes the Z reading that closes the day.');
};

export type MakeReading = {
  kind: ReadingKind;
  terminalId: number;
  /** A Z reading's business day (today in Manila unless the daily report closes an earlier one). */
  businessDate?: string;
  /** The daily report makes the missing Z readings on the submitter's behalf: no role check. */
  bySubmission?: boolean;
};

/** Makes a reading in the caller's transaction and answers it as stored. */
export const makeReadingTx = async (tx: Tx, user: AuthUser, input: MakeReading): Promise<Reading> => {
  const terminal = await lockTerminal(tx, input.terminalId);
  if (!input.bySubmission) assertMayRead(user, input.kind, terminal);
  const previous = await lastZ(tx, terminal.id);
  const businessDate = input.businessDate ?? todayInManila();
  if (input.kind === 'z' && previous && previous.businessDate > businessDate)
    throw conflict(
      `${terminal.name} was closed for ${previous.businessDate} already (Z reading ${previous.zCounter}): a Z reading for an earlier day cannot follow it.`,
    );
  const {
    figures: f,
    payments,
    cash,
  } = await periodFigures(tx, covered(terminal.id, previous, input.kind === 'z' ? businessDate : null));
  const [profile] = await tx.select().from(invoicingProfile).where(eq(invoicingProfile.id, PROFILE_ID));
  // The grand total before this period: the last Z's, or for the first Z what the terminal held before its first invoice.
  const [{ opening } = { opening: '0.00' }] = previous
    ? [{ opening: previous.snapshot.grand_total.present }]
    : await rowsOf<{ opening: string }>(
        tx,
        sql`select round(${terminal.grandTotal}::numeric - coalesce(sum(total_due), 0), 2)::text as opening from invoices where terminal_id = ${terminal.id} and kind = 'invoice'`,
      );
  const [{ present } = { present: opening }] = await rowsOf<{ present: string }>(
    tx,
    sql`select round(${opening}::numeric + ${f.issued}::numeric, 2)::text as present`,
  );
  const madeAt = new Date();
  const zCounter = input.kind === 'z' ? terminal.zCounter + 1 : null;
  const through = previous?.snapshot.through ?? NOTHING_YET;
  const vatSeller = (profile?.vatStatus ?? 'vat') === 'vat';
  const range = (s: { first: string | null; last: string | null; count: number }) => ({
    first: s.first,
    last: s.last,
    count: Number(s.count),
  });
  const snapshot: ReadingSnapshot = {
    title: READING_TITLES[input.kind],
    kind: input.kind,
    business_date: businessDate,
    made_at: madeAt.toISOString(),
    made_by: displayName(user),
    seller: {
      registered_name: profile?.registeredName ?? '',
      tin_line: `${vatSeller ? 'VAT' : 'NON-VAT'} REG TIN ${profile?.tin ?? ''}-${terminal.branchCode || '00000'}`,
      address: terminal.address || profile?.registeredAddress || '',
    },
    location: { id: terminal.locationId, name: terminal.locationName },
    terminal: {
      id: terminal.id,
      name: terminal.name,
      min: terminal.min,
      serial_number: terminal.serialNumber,
      permit_number: terminal.permitNumber,
      permit_date: terminal.permitDate,
    },
    z_counter: zCounter,
    previous_z_counter: terminal.zCounter,
    reset_counter: terminal.resetCounter,
    since: previous ? iso(previous.madeAt) : null,
    through: {
      invoice: Math.max(through.invoice, Number(f.invoice.max)),
      credit_memo: Math.max(through.credit_memo, Number(f.credit_memo.max)),
      acknowledgement: Math.max(through.acknowledgement, Number(f.acknowledgement.max)),
    },
    documents: {
      invoice: range(f.invoice),
      credit_memo: range(f.credit_memo),
      acknowledgement: range(f.acknowledgement),
    },
    document_count: Number(f.document_count),
    grand_total: { previous: opening, present },
    gross: f.gross,
    vatable_sales: f.vatable_sales,
    vat: f.vat,
    vat_exempt_sales: f.vat_exempt_sales,
    zero_rated_sales: f.zero_rated_sales,
    discounts: { senior: f.senior, pwd: f.pwd, other: f.other },
    service_charge: f.service_charge,
    voids: { count: Number(f.void_count), amount: f.void_amount },
    credit_memos: { count: Number(f.memo_count), amount: f.memo_amount },
    net_sales: f.net_sales,
    payments: payments.map((p) => ({ method: p.method, bank_name: p.bank_name, amount: p.amount })),
    cash,
  };
  const [row] = await tx
    .insert(invoicingReadings)
    .values({
      terminalId: terminal.id,
      kind: input.kind,
      zCounter,
      businessDate,
      madeAt,
      madeBy: user.id,
      snapshot,
    })
    .returning({ id: invoicingReadings.id });
  if (zCounter !== null) await tx.update(terminals).set({ zCounter }).where(eq(terminals.id, terminal.id));
  await appendJournal(tx, terminal.id, input.kind === 'z' ? 'z_reading' : 'x_reading', {
    reading: row!.id,
    z_counter: zCounter,
    business_date: businessDate,
    snapshot_sha256: sha256(canonicalJson(snapshot)),
  });
  return {
    id: row!.id,
    kind: input.kind,
    terminal: terminal.id,
    terminal_name: terminal.name,
    location: terminal.locationId,
    location_name: terminal.locationName,
    z_counter: zCounter,
    business_date: businessDate,
    made_at: iso(madeAt),
    snapshot,
  };
};

export const makeReading = (db: Db, user: AuthUser, input: MakeReading) =>
  db.transaction((tx) => makeReadingTx(tx, user, input));

const columns = {
  id: invoicingReadings.id,
  kind: invoicingReadings.kind,
  terminal: invoicingReadings.terminalId,
  terminalName: terminals.name,
  location: terminals.locationId,
  locationName: locations.name,
  zCounter: invoicingReadings.zCounter,
  businessDate: invoicingReadings.businessDate,
  madeAt: invoicingReadings.madeAt,
  snapshot: invoicingReadings.snapshot,
};
const selectReadings = (db: DbOrTx) =>
  db
    .select(columns)
    .from(invoicingReadings)
    .innerJoin(terminals, eq(terminals.id, invoicingReadings.terminalId))
    .innerJoin(locations, eq(locations.id, terminals.locationId));
type Row = Awaited<ReturnType<typeof selectReadings>>[number];

const toReading = (r: Row): Reading => ({
  id: r.id,
  kind: r.kind as ReadingKind,
  terminal: r.terminal,
  terminal_name: r.terminalName,
  location: r.location,
  location_name: r.locationName,
  z_counter: r.zCounter,
  business_date: r.businessDate,
  made_at: iso(r.madeAt),
  snapshot: r.snapshot as ReadingSnapshot,
});

/** Readings are read by those who work at the terminal's branch, and Admins. */
const readScope = (user: AuthUser) => scopeWhere(workplaceScope(user), terminals.locationId);

export const getReading = async (db: DbOrTx, user: AuthUser, id: number): Promise<Reading> => {
  const [row] = await selectReadings(db).where(and(eq(invoicingReadings.id, id), readScope(user)));
  if (!row) throw notFound('No such reading.');
  return toReading(row);
};

export const listReadings = async (db: Db, user: AuthUser, q: ReadingQuery, url: string): Promise<Page<Reading>> =>
  listPage(url, q, {
    select: () =>
      db
        .select({ ...columns, total: totalRows })
        .from(invoicingReadings)
        .innerJoin(terminals, eq(terminals.id, invoicingReadings.terminalId))
        .innerJoin(locations, eq(locations.id, terminals.locationId))
        .$dynamic(),
    where: and(
      readScope(user),
      q.terminal ? eq(invoicingReadings.terminalId, q.terminal) : undefined,
      q.location ? eq(terminals.locationId, q.location) : undefined,
      q.kind ? eq(invoicingReadings.kind, q.kind) : undefined,
      q.date_from ? sql`${invoicingReadings.businessDate} >= ${q.date_from}` : undefined,
      q.date_to ? sql`${invoicingReadings.businessDate} <= ${q.date_to}` : undefined,
    ),
    orderBy: {
      made_at: invoicingReadings.madeAt,
      business_date: invoicingReadings.businessDate,
      id: invoicingReadings.id,
    },
    defaultOrder: [desc(invoicingReadings.madeAt), desc(invoicingReadings.id)],
    tieBreaker: invoicingReadings.id,
    toItem: toReading,
  });

/**
 * The day's close (decision 1021): for the daily report of a branch's day, a Z reading for each
 * active terminal of the branch that has documents of that day or before not yet closed. Made in
 * the report's transaction, on the submitter's behalf.
 */
export const closeBranchDay = async (tx: Tx, user: AuthUser, locationId: number, date: string) => {
  const open = await tx
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(eq(terminals.locationId, locationId), eq(terminals.isActive, true)))
    .orderBy(terminals.id);
  for (const { id } of open) {
    const previous = await lastZ(tx, id);
    if (previous && previous.businessDate > date) continue;
    const [pending] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from invoices i where ${covered(id, previous, date)} limit 1) x`,
    );
    if (Number(pending!.n) > 0)
      await makeReadingTx(tx, user, { kind: 'z', terminalId: id, businessDate: date, bySubmission: true });
  }
};
