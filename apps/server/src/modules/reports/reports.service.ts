import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  ADMIN_GROUP,
  BANKED_PAYMENT_METHODS,
  BUSINESS_TIME_ZONE,
  MANAGER_GROUP,
  type DailyReport,
  type DailyReportBody,
  type DailyReportListQuery,
  type DailyReportPatch,
  type DailySalesQuery,
  type DailySalesReport,
  type DeleteSalesBody,
  type DeleteSalesResult,
  type FieldErrors,
  type Leaderboard,
  type LeaderboardQuery,
  type LocationSales,
  type LocationSalesQuery,
  type Page,
  type PersonalSales,
  type PersonalSalesQuery,
  type Sale,
  type SaleLineRead,
  type StoreSalesBody,
  type StoreSalesResult,
} from '@ginhawa/contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import {
  banks,
  dailyReports,
  employees,
  leaderboardVersion,
  locations,
  notifications,
  sales,
  salesImports,
} from '../../db/schema/index';
import { audit, audited } from '../../lib/audit';
import { conflict, fieldsError, forbidden, HttpError, notFound } from '../../lib/http-error';
import { iso, isoOrNull } from '../../lib/iso';
import { keptPerVersion } from '../../lib/kept-per-version';
import { listPage, totalRows } from '../../lib/list';
import { pgErrorCode } from '../../lib/pg-errors';
import { preparedOnce } from '../../lib/prepared';
import { createdBy, touched } from '../../lib/tracked';
import { publish } from '../../plugins/bus';
import { isAdmin } from '../../plugins/auth';
import { notify, registerApprovalHandler } from '../notifications/notifications.service';
import type { AuthUser } from '../users/auth.service';

/**
 * Sales, daily reports and the leaderboard (issue 12, docs/decisions/0500-sales-reports.md).
 * Every amount is summed and compared in SQL on numeric and leaves as text; JS never holds a
 * peso amount as a number.
 */

// ——— small helpers ———

// Both drivers answer execute() with `{rows}`; the shared Db type leaves the result unknown.
const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** json columns arrive parsed from node-postgres and PGlite alike; a string is parsed defensively. */
const parseJson = <T>(value: T | string | null, fallback: T): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : (value ?? fallback);

/** Today's date in Manila, the business's day. */
export const manilaDate = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);

const pad = (n: number) => String(n).padStart(2, '0');

/** The Manila dates a cutoff covers: 1 = days 1–15, 2 = 16–last day, 0 = the whole month. */
export const periodOf = (year: number, month: number, cutoff: number) => {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    from: `${year}-${pad(month)}-${pad(cutoff === 2 ? 16 : 1)}`,
    to: `${year}-${pad(month)}-${pad(cutoff === 1 ? 15 : last)}`,
  };
};

/** The cutoff (1 or 2) a Manila date falls in. */
export const cutoffOf = (date: string) => (Number(date.slice(8, 10)) <= 15 ? 1 : 2);

/** Where a caller reads and writes location-bound figures: Admins everywhere, everyone else where they work. */
type Scope = { all: true } | { all: false; locationIds: number[] };
const scopeOf = (user: AuthUser): Scope =>
  isAdmin(user) ? { all: true } : { all: false, locationIds: user.locations.map((l) => l.id) };
const inScope = (scope: Scope, locationId: number) => scope.all || scope.locationIds.includes(locationId);
const scopeWhere = (scope: Scope, column: SQL | AnyColumn): SQL | undefined => {
  if (scope.all) return undefined;
  if (scope.locationIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.locationIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
};
const isManager = (user: AuthUser) => isAdmin(user) || user.groups.includes(MANAGER_GROUP);

const locationOf = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: locations.id, name: locations.name, isActive: locations.isActive })
    .from(locations)
    .where(eq(locations.id, id));
  return row;
};

/** Active Admins, and the active Managers of these locations: who decides a location's requests. */
const approversOf = async (db: DbOrTx, locationIds: number[]) => {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select distinct u.id from users u join user_groups ug on ug.user_id = u.id join groups g on g.id = ug.group_id
        where u.is_active and (g.name = ${ADMIN_GROUP} or (g.name = ${MANAGER_GROUP} and exists (
          select 1 from user_locations ul where ul.user_id = u.id and ul.location_id in (${sql.join(
            locationIds.map((id) => sql`${id}`),
            sql`, `,
          )}))))`,
  );
  return rows.map((r) => Number(r.id));
};

// ——— the approved-day lock ———

/**
 * 409 when the location's daily report for that date is approved. Holds a share lock on the
 * report row until the caller's transaction ends, so an approval cannot slip in between this
 * check and the caller's sale write (approving updates that row and waits for the lock).
 * modules/clients calls it before writing a membership or voucher sale.
 */
export const assertDayOpen = async (tx: DbOrTx, locationId: number, date: string) => {
  const [report] = await tx
    .select({ status: dailyReports.status })
    .from(dailyReports)
    .where(and(eq(dailyReports.locationId, locationId), eq(dailyReports.date, date)))
    .for('share');
  if (report?.status !== 'approved') return;
  const location = await locationOf(tx, locationId);
  throw conflict(
    `The daily report for ${location?.name ?? 'this location'} on ${date} is approved; its sales can no longer be added, changed or deleted.`,
  );
};

// ——— the leaderboard (one SQL, shared by the API, the rank watch and the benchmark) ———

type LeaderboardRow = {
  rank: number;
  salesperson: number;
  salesperson_name: string;
  user_id: number | null;
  location: number;
  location_name: string;
  total: string;
  count: number;
  target: string;
  share_of_target: string | null;
};

/**
 * Ranked by net sales in the period; ties share a rank (rank() over), names break display ties.
 * Reads the per-day totals the triggers keep (sales_daily_totals), not the sale lines.
 */
export const leaderboardSql = (from: string, to: string, cutoff: number, locationId?: number) => {
  const factor = cutoff === 0 ? sql`1` : sql`0.5`;
  return sql`with t as (
      select s.salesperson_id, sum(s.total) as total, sum(s.count)::int as n
      from sales_daily_totals s
      where s.date between ${from}::date and ${to}::date
      group by s.salesperson_id)
    select (rank() over (order by coalesce(t.total, 0) desc))::int as rank, e.id as salesperson,
      e.first_name || ' ' || e.last_name as salesperson_name, e.user_id, e.location_id as location, l.name as location_name,
      round(coalesce(t.total, 0), 2)::text as total, coalesce(t.n, 0)::int as count,
      round(coalesce(e.monthly_target, 0) * ${factor}, 2)::text as target,
      case when coalesce(e.monthly_target, 0) > 0 then round(coalesce(t.total, 0) * 100 / (e.monthly_target * ${factor}), 2)::text end as share_of_target
    from employees e
    join locations l on l.id = e.location_id
    left join t on t.salesperson_id = e.id
    where e.kind = 'salesperson' and (e.is_active or t.total is not null)
      ${locationId ? sql`and e.location_id = ${locationId}` : sql``}
    order by 1, lower(e.last_name), lower(e.first_name), e.id`;
};

/** The leaderboard inputs' version (migration 0009), read before every leaderboard. */
const leaderboardVersionStatement = preparedOnce('leaderboard_version', (db, name) =>
  db.select({ version: leaderboardVersion.version }).from(leaderboardVersion).prepare(name),
);

/** Boards kept per database: one per year, month, cutoff and location asked for; the oldest goes first past this many. */
const LEADERBOARDS_KEPT = 64;
const keptBoards = keptPerVersion<Leaderboard>(LEADERBOARDS_KEPT);

const computeLeaderboard = async (db: Db, query: LeaderboardQuery): Promise<Leaderboard> => {
  const { from, to } = periodOf(query.year, query.month, query.cutoff);
  const rows = await rowsOf<LeaderboardRow>(db, leaderboardSql(from, to, query.cutoff, query.location));
  return {
    month: query.month,
    year: query.year,
    cutoff: query.cutoff,
    date_from: from,
    date_to: to,
    results: rows.map(({ user_id: _user, ...r }) => ({
      ...r,
      rank: Number(r.rank),
      salesperson: Number(r.salesperson),
      location: Number(r.location),
      count: Number(r.count),
    })),
  };
};

/**
 * The board everyone watches: after a sale every open dashboard asks for it again at once, so it
 * is computed once per change and kept while the version of its inputs (sales_daily_totals,
 * employees, locations) is unchanged (decision 0502). The same for every reader: any signed-in
 * user may read any location's board, and nothing in it depends on who asks or when.
 */
export const leaderboard = async (db: Db, query: LeaderboardQuery): Promise<Leaderboard> => {
  const [current] = await leaderboardVersionStatement(db).execute();
  if (!current) return computeLeaderboard(db, query);
  return keptBoards(
    db,
    `${query.year}-${query.month}-${query.cutoff}-${query.location ?? 'all'}`,
    current.version,
    () => computeLeaderboard(db, query),
  );
};

/** The advisory lock that serialises writers of the current cutoff's sales (beside db/client.ts's migration lock, 727_274_001). */
const RANK_WATCH_LOCK = 727_274_002;

/**
 * Waits for, then holds until commit, the rank watch's lock (re-entrant within a transaction).
 * Whatever locks sale lines takes it first (lockSales): a transaction must never hold sale rows
 * while waiting for it, or a parent delete's foreign-key check on those rows could close a cycle
 * with the sale that holds it (decision 0500).
 */
const holdRankWatch = async (tx: Tx) => {
  await tx.execute(sql`select pg_advisory_xact_lock(${RANK_WATCH_LOCK})`);
};

/**
 * Runs a change to sale lines and then, when it touched the current cutoff, tells each
 * salesperson whose rank moved (one notification each, however many lines changed) and every
 * open socket that the period's figures changed (bus event `sales` → `leaderboard_changed`).
 * Every writer of sale lines goes through it: imports and deletions here, membership and
 * voucher sales in modules/clients (sales.service.ts), so the leaderboard moves for all of them.
 */
export const changeSalesWatchingRanks = async <T>(
  tx: Tx,
  actorId: number,
  dates: string[],
  change: () => Promise<T>,
): Promise<T> => {
  const today = manilaDate();
  const cutoff = cutoffOf(today);
  const current = periodOf(Number(today.slice(0, 4)), Number(today.slice(5, 7)), cutoff);
  const touchesCurrent = dates.some((d) => d >= current.from && d <= current.to);
  const ranks = async () =>
    new Map(
      (await rowsOf<LeaderboardRow>(tx, leaderboardSql(current.from, current.to, cutoff))).map((r) => [
        Number(r.salesperson),
        r,
      ]),
    );
  // One writer of the current cutoff at a time, from its "before" to its commit: a second one
  // waits here and then reads a board that includes the first, so every notice starts from the
  // rank its reader last heard. Held until commit (decision 0500 has the lock order).
  if (touchesCurrent) await holdRankWatch(tx);
  const before = touchesCurrent ? await ranks() : undefined;
  const result = await change();
  if (before) {
    const after = await ranks();
    for (const [id, row] of after) {
      const was = before.get(id);
      if (!row.user_id || (was && Number(was.rank) === Number(row.rank))) continue;
      await notify(tx, {
        recipients: [Number(row.user_id)],
        actorId,
        type: 'leaderboard_rank',
        title: 'Leaderboard',
        message: `You are now #${row.rank} for ${current.from} to ${current.to}${was ? ` (was #${was.rank})` : ''}, with ${row.total} in net sales.`,
        // The salesperson's own leaderboard is on their dashboard; /admin/* is for Admins only.
        link: '/dashboard',
        data: {
          rank: Number(row.rank),
          previous_rank: was ? Number(was.rank) : null,
          date_from: current.from,
          date_to: current.to,
        },
      });
    }
  }
  const months = new Map<string, string[]>();
  for (const d of new Set(dates)) months.set(d.slice(0, 7), [...(months.get(d.slice(0, 7)) ?? []), d]);
  for (const [ym, days] of months)
    await publish(tx, {
      t: 'sales',
      year: Number(ym.slice(0, 4)),
      month: Number(ym.slice(5, 7)),
      dates: days.sort().slice(0, 31),
    });
  return result;
};

// ——— storing a day's sales ———

const SALE_FIELDS = [
  'salesperson',
  'kind',
  'amount',
  'discount',
  'payment_method',
  'bank',
  'reference_no',
  'reference',
  'client',
] as const;

/** "1500.50" → 150050n: exact cents for comparing amounts without floating point. */
const cents = (money: string) => {
  const [whole, frac = ''] = money.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};

const hashBody = (body: StoreSalesBody) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** How errors name a line: `sales.<i>.<field>` (JSON, from 0) or `line_<n>.<field>` (the CSV's line, header = 1). */
export type LineSource = 'json' | 'csv';
const lineKey = (source: LineSource, index: number, field: string) =>
  source === 'csv' ? `line_${index + 2}.${field}` : `sales.${index}.${field}`;

/** Every line checked against the database at once; each error names its line and field. */
const checkLines = async (tx: Tx, locationId: number, lines: StoreSalesBody['sales'], source: LineSource) => {
  const errors: FieldErrors = {};
  const add = (i: number, field: string, message: string) => (errors[lineKey(source, i, field)] ??= []).push(message);
  const sellerIds = [...new Set(lines.map((l) => l.salesperson))];
  const bankIds = [...new Set(lines.flatMap((l) => (l.bank === null ? [] : [l.bank])))];
  const clientIds = [...new Set(lines.flatMap((l) => (l.client === null ? [] : [l.client])))];
  const sellers = new Map(
    (await tx.select().from(employees).where(inArray(employees.id, sellerIds))).map((e) => [e.id, e]),
  );
  const bankRows = bankIds.length
    ? new Map(
        (await tx.select({ id: banks.id, isActive: banks.isActive }).from(banks).where(inArray(banks.id, bankIds))).map(
          (b) => [b.id, b],
        ),
      )
    : new Map<number, { isActive: boolean }>();
  const clientRows = clientIds.length
    ? new Set(
        (
          await rowsOf<{ id: number }>(
            tx,
            sql`select id from clients where id in (${sql.join(
              clientIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).map((c) => Number(c.id)),
      )
    : new Set<number>();
  lines.forEach((line, i) => {
    const seller = sellers.get(line.salesperson);
    if (!seller || seller.kind !== 'salesperson') add(i, 'salesperson', 'No such salesperson.');
    else if (seller.locationId !== locationId)
      add(i, 'salesperson', `${seller.firstName} ${seller.lastName} works at another location.`);
    if (cents(line.discount) > cents(line.amount))
      add(i, 'discount', `The discount cannot exceed the amount (${line.amount}).`);
    if (BANKED_PAYMENT_METHODS.includes(line.payment_method)) {
      if (line.bank === null) add(i, 'bank', 'Choose the bank account a card or bank transfer payment went to.');
      else if (!bankRows.has(line.bank)) add(i, 'bank', 'No such bank account.');
      else if (!bankRows.get(line.bank)!.isActive) add(i, 'bank', 'This bank account is inactive.');
    } else if (line.bank !== null) add(i, 'bank', 'Only card and bank transfer payments name a bank account.');
    if (line.payment_method === 'e_wallet' && line.reference_no === '')
      add(i, 'reference_no', 'Enter the e-wallet reference number.');
    if (line.client !== null && !clientRows.has(line.client)) add(i, 'client', 'No such client.');
  });
  if (Object.keys(errors).length) throw fieldsError(errors);
};

/**
 * All-or-nothing: one bad line refuses the batch and nothing is stored. With an Idempotency-Key
 * the key is claimed by a unique insert in the same transaction, so a parallel retry waits on
 * it and then replays the first answer; the same key with another body is 422.
 */
export const storeSales = async (
  db: Db,
  user: AuthUser,
  body: StoreSalesBody,
  idempotencyKey: string | null,
  source: LineSource = 'json',
): Promise<StoreSalesResult> => {
  const bodyHash = hashBody(body);
  const replay = async (): Promise<StoreSalesResult | undefined> => {
    if (!idempotencyKey) return undefined;
    const [claimed] = await db.select().from(salesImports).where(eq(salesImports.idempotencyKey, idempotencyKey));
    if (!claimed) return undefined;
    if (claimed.bodyHash !== bodyHash)
      throw new HttpError(422, 'This Idempotency-Key was already used for a different batch of sales.');
    return claimed.response as StoreSalesResult;
  };
  const first = await replay();
  if (first) return first;
  try {
    return await db.transaction(async (tx) => {
      if (idempotencyKey)
        await tx.insert(salesImports).values({ idempotencyKey, bodyHash, response: {}, createdBy: user.id });
      const location = await locationOf(tx, body.location);
      if (!location) throw fieldsError({ location: ['No such location.'] });
      if (!location.isActive) throw fieldsError({ location: [`${location.name} is closed (inactive).`] });
      if (!inScope(scopeOf(user), location.id))
        throw forbidden(`You do not work at ${location.name}, so you cannot record its sales.`);
      await assertDayOpen(tx, location.id, body.date);
      await checkLines(tx, location.id, body.sales, source);
      const result = await changeSalesWatchingRanks(tx, user.id, [body.date], async () => {
        const inserted = await tx
          .insert(sales)
          .values(
            body.sales.map((line) => ({
              date: body.date,
              locationId: location.id,
              clientId: line.client,
              salespersonId: line.salesperson,
              kind: line.kind,
              reference: line.reference,
              amount: line.amount,
              discount: line.discount,
              netAmount: sql`${line.amount}::numeric - ${line.discount}::numeric`,
              paymentMethod: line.payment_method,
              bankId: line.bank,
              referenceNo: line.reference_no,
              createdBy: user.id,
            })),
          )
          .returning({ id: sales.id });
        const ids = inserted.map((r) => r.id);
        const [sum] = await rowsOf<{ total: string }>(
          tx,
          sql`select round(coalesce(sum(net_amount), 0), 2)::text as total from sales where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
        return { location: location.id, date: body.date, stored: ids.length, ids, total: sum!.total };
      });
      await audit(tx, {
        actorId: user.id,
        action: 'import',
        tableName: 'sales',
        rowId: result.ids[0],
        after: { ...result, lines: body.sales },
      });
      if (idempotencyKey)
        await tx.update(salesImports).set({ response: result }).where(eq(salesImports.idempotencyKey, idempotencyKey));
      return result;
    });
  } catch (err) {
    if (idempotencyKey && pgErrorCode(err) === '23505') {
      const replayed = await replay();
      if (replayed) return replayed;
    }
    throw err;
  }
};

/** A CSV upload of the same lines (header row naming SALE_FIELDS' columns); errors name the CSV line (1 = header). */
export const parseSalesCsv = (
  rows: string[][],
): { lines: Record<string, string | number | null>[]; errors: FieldErrors } => {
  const errors: FieldErrors = {};
  const [header, ...data] = rows.filter((r) => r.some((c) => c.trim() !== ''));
  if (!header)
    return { lines: [], errors: { file: ['The CSV is empty; it needs a header row and at least one sale.'] } };
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.filter((n) => !(SALE_FIELDS as readonly string[]).includes(n));
  if (unknown.length) errors.file = [`Unknown column(s): ${unknown.join(', ')}. Use: ${SALE_FIELDS.join(', ')}.`];
  for (const needed of ['salesperson', 'amount', 'payment_method'])
    if (!names.includes(needed)) (errors.file ??= []).push(`The header needs a "${needed}" column.`);
  const lines = data.map((cells) => {
    const line: Record<string, string | number | null> = {};
    names.forEach((n, i) => {
      const raw = (cells[i] ?? '').trim();
      if (n === 'salesperson' || n === 'bank' || n === 'client')
        line[n] = raw === '' ? null : /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : raw;
      else if (raw !== '') line[n] = raw;
    });
    return line;
  });
  return { lines, errors };
};

// ——— deleting sales ———

type SaleRow = typeof sales.$inferSelect;

/**
 * Sale lines locked for a deletion (or a request for one), in id order, after the rank watch's
 * lock: no transaction may hold sale rows while it waits for that lock (holdRankWatch).
 */
const lockSales = async (tx: Tx, where: SQL | undefined) => {
  await holdRankWatch(tx);
  return tx.select().from(sales).where(where).orderBy(asc(sales.id)).for('update');
};

const loadSales = async (tx: Tx, user: AuthUser, ids: number[]) => {
  const rows = await lockSales(tx, and(inArray(sales.id, ids), scopeWhere(scopeOf(user), sales.locationId)));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`No such sale: ${missing.slice(0, 10).join(', ')}.`);
  return rows;
};

const days = (rows: SaleRow[]) => [
  ...new Map(rows.map((r) => [`${r.locationId}|${r.date}`, { locationId: r.locationId, date: r.date }])).values(),
];

/** Deletes the rows (each audited with its before), once every day they belong to is open. */
const deleteRows = async (tx: Tx, actorId: number, rows: SaleRow[], reason: string) => {
  for (const day of days(rows)) await assertDayOpen(tx, day.locationId, day.date);
  await changeSalesWatchingRanks(
    tx,
    actorId,
    rows.map((r) => r.date),
    async () => {
      await tx.delete(sales).where(
        inArray(
          sales.id,
          rows.map((r) => r.id),
        ),
      );
    },
  );
  for (const r of rows)
    await audit(tx, { actorId, action: 'delete', tableName: 'sales', rowId: r.id, before: { ...toSale(r), reason } });
};

/** The sale lines screen filtered to the rows' days (and location, when one), so a request names sales one can look at. */
const saleLinesLink = (rows: SaleRow[]) => {
  const dates = rows.map((r) => r.date).sort();
  const locationIds = [...new Set(rows.map((r) => r.locationId))];
  const range = dates[0] === dates.at(-1) ? `date=${dates[0]}` : `date_from=${dates[0]}&date_to=${dates.at(-1)}`;
  return `/admin/reports?tab=lines&${range}${locationIds.length === 1 ? `&location=${locationIds[0]}` : ''}`;
};

/** A sale row as the API answers it (client sales) and as a deletion's audit row keeps it. */
export const toSale = (r: SaleRow): Sale => ({
  id: r.id,
  date: r.date,
  location: r.locationId,
  client: r.clientId,
  salesperson: r.salespersonId,
  kind: r.kind as Sale['kind'],
  reference: r.reference,
  amount: r.amount,
  discount: r.discount,
  net_amount: r.netAmount,
  payment_method: r.paymentMethod as Sale['payment_method'],
  bank: r.bankId,
  reference_no: r.referenceNo,
  created_at: iso(r.createdAt),
});

/** Admins delete at once; anyone else asks the Admins and the locations' Managers, whose approval deletes. */
export const deleteSales = async (db: Db, user: AuthUser, body: DeleteSalesBody): Promise<DeleteSalesResult> =>
  db.transaction(async (tx) => {
    const ids = [...new Set(body.ids)];
    const rows = await loadSales(tx, user, ids);
    if (isAdmin(user)) {
      await deleteRows(tx, user.id, rows, body.reason);
      return {
        result: 'deleted',
        deleted: rows.length,
        message: `${rows.length} sale${rows.length === 1 ? '' : 's'} deleted.`,
      };
    }
    for (const day of days(rows)) await assertDayOpen(tx, day.locationId, day.date);
    const locationIds = [...new Set(rows.map((r) => r.locationId))];
    const who = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    await notify(tx, {
      recipients: (await approversOf(tx, locationIds)).filter((id) => id !== user.id),
      actorId: user.id,
      type: 'delete_sales',
      title: 'Sales deletion request',
      message: `${who} asks to delete ${rows.length} sale${rows.length === 1 ? '' : 's'} (${days(rows)
        .map((d) => d.date)
        .join(', ')})${body.reason ? `: ${body.reason}` : '.'}`,
      link: saleLinesLink(rows),
      data: { sale_ids: ids, reason: body.reason, requested_by: user.id },
      requiresApproval: true,
    });
    await audit(tx, {
      actorId: user.id,
      action: 'request_delete',
      tableName: 'sales',
      rowId: ids[0],
      after: { sale_ids: ids, reason: body.reason },
    });
    return {
      result: 'requested',
      deleted: 0,
      message: 'Your request to delete these sales was sent to the administrators and managers for approval.',
    };
  });

registerApprovalHandler('delete_sales', async ({ tx, actor, approved, data }) => {
  if (!approved) return;
  const ids = Array.isArray(data.sale_ids) ? data.sale_ids.filter((id): id is number => typeof id === 'number') : [];
  if (!ids.length) return;
  // Lines deleted meanwhile are simply gone; the rest are deleted in the decider's name.
  const rows = await lockSales(tx, inArray(sales.id, ids));
  if (rows.length) await deleteRows(tx, actor.id, rows, typeof data.reason === 'string' ? data.reason : '');
});

// ——— sale lines (daily-sales) ———

const salesperson = alias(employees, 'salesperson');

const saleLineColumns = {
  id: sales.id,
  date: sales.date,
  location: sales.locationId,
  locationName: locations.name,
  salesperson: sales.salespersonId,
  salespersonName: sql<string>`${salesperson.firstName} || ' ' || ${salesperson.lastName}`,
  client: sales.clientId,
  kind: sales.kind,
  reference: sales.reference,
  amount: sales.amount,
  discount: sales.discount,
  netAmount: sales.netAmount,
  paymentMethod: sales.paymentMethod,
  bank: sales.bankId,
  bankName: banks.name,
  referenceNo: sales.referenceNo,
  report: dailyReports.id,
  createdAt: sales.createdAt,
};

const toSaleLine = (r: SaleLineRow): SaleLineRead => ({
  id: r.id,
  date: r.date,
  location: r.location,
  location_name: r.locationName,
  salesperson: r.salesperson,
  salesperson_name: r.salespersonName,
  client: r.client,
  kind: r.kind as SaleLineRead['kind'],
  reference: r.reference,
  amount: r.amount,
  discount: r.discount,
  net_amount: r.netAmount,
  payment_method: r.paymentMethod as SaleLineRead['payment_method'],
  bank: r.bank,
  bank_name: r.bankName,
  reference_no: r.referenceNo,
  report: r.report,
  created_at: iso(r.createdAt),
});

/** Managers and Admins read their locations' lines; other staff only the lines credited to them. */
const saleLineScope = (user: AuthUser) =>
  isManager(user) ? scopeWhere(scopeOf(user), sales.locationId) : sql`${salesperson.userId} = ${user.id}`;

const saleLineWhere = (user: AuthUser, q: DailySalesQuery) =>
  and(
    saleLineScope(user),
    q.date ? eq(sales.date, q.date) : undefined,
    q.date_from ? sql`${sales.date} >= ${q.date_from}` : undefined,
    q.date_to ? sql`${sales.date} <= ${q.date_to}` : undefined,
    q.location ? eq(sales.locationId, q.location) : undefined,
    q.salesperson ? eq(sales.salespersonId, q.salesperson) : undefined,
    q.bank ? eq(sales.bankId, q.bank) : undefined,
    q.payment_method ? eq(sales.paymentMethod, q.payment_method) : undefined,
    q.kind ? eq(sales.kind, q.kind) : undefined,
  );

const selectSaleLines = (db: DbOrTx) =>
  db
    .select(saleLineColumns)
    .from(sales)
    .innerJoin(locations, eq(locations.id, sales.locationId))
    .innerJoin(salesperson, eq(salesperson.id, sales.salespersonId))
    .leftJoin(banks, eq(banks.id, sales.bankId))
    .leftJoin(dailyReports, and(eq(dailyReports.locationId, sales.locationId), eq(dailyReports.date, sales.date)));
const selectSaleLinesCounted = (db: DbOrTx) =>
  db
    .select({ ...saleLineColumns, total: totalRows })
    .from(sales)
    .innerJoin(locations, eq(locations.id, sales.locationId))
    .innerJoin(salesperson, eq(salesperson.id, sales.salespersonId))
    .leftJoin(banks, eq(banks.id, sales.bankId))
    .leftJoin(dailyReports, and(eq(dailyReports.locationId, sales.locationId), eq(dailyReports.date, sales.date)));
type SaleLineRow = Awaited<ReturnType<typeof selectSaleLines>>[number];

const SALE_LINE_ORDER = {
  date: sales.date,
  net_amount: sales.netAmount,
  amount: sales.amount,
  created_at: sales.createdAt,
  id: sales.id,
};

export const listSaleLines = async (
  db: Db,
  user: AuthUser,
  q: DailySalesQuery,
  url: string,
): Promise<Page<SaleLineRead>> =>
  listPage(url, q, {
    select: () => selectSaleLinesCounted(db).$dynamic(),
    where: saleLineWhere(user, q),
    orderBy: SALE_LINE_ORDER,
    defaultOrder: [desc(sales.date), desc(sales.id)],
    tieBreaker: sales.id,
    toItem: toSaleLine,
  });

/** Every matching line (CSV export), in pages of 5,000 so a year of sales never sits in memory at once. */
export async function* allSaleLines(db: Db, user: AuthUser, q: DailySalesQuery): AsyncGenerator<SaleLineRead> {
  const where = saleLineWhere(user, q);
  let after = 0;
  for (;;) {
    const rows = await selectSaleLines(db)
      .where(and(where, sql`${sales.id} > ${after}`))
      .orderBy(asc(sales.id))
      .limit(5_000);
    for (const r of rows) yield toSaleLine(r);
    if (rows.length < 5_000) return;
    after = rows[rows.length - 1]!.id;
  }
}

// ——— daily reports ———

const onDay = sql`s.location_id = ${dailyReports.locationId} and s.date = ${dailyReports.date}`;
const reportColumns = {
  id: dailyReports.id,
  location: dailyReports.locationId,
  locationName: locations.name,
  date: dailyReports.date,
  status: dailyReports.status,
  gross: sql<string>`(select round(coalesce(sum(s.amount), 0), 2)::text from sales s where ${onDay})`,
  discount: sql<string>`(select round(coalesce(sum(s.discount), 0), 2)::text from sales s where ${onDay})`,
  net: sql<string>`(select round(coalesce(sum(s.net_amount), 0), 2)::text from sales s where ${onDay})`,
  cash: sql<string>`(select round(coalesce(sum(s.net_amount), 0), 2)::text from sales s where ${onDay} and s.payment_method = 'cash')`,
  count: sql<number>`(select count(*)::int from sales s where ${onDay})`.mapWith(Number),
  byMethod: sql<
    Record<string, string> | string | null
  >`(select json_object_agg(x.m, x.t) from (select s.payment_method as m, round(sum(s.net_amount), 2)::text as t from sales s where ${onDay} group by 1 order by 1) x)`,
  cashOnHand: dailyReports.cashOnHand,
  variance: sql<
    string | null
  >`case when ${dailyReports.cashOnHand} is null then null else round(${dailyReports.cashOnHand} - (select coalesce(sum(s.net_amount), 0) from sales s where ${onDay} and s.payment_method = 'cash'), 2)::text end`,
  remarks: dailyReports.remarks,
  returnReason: dailyReports.returnReason,
  submittedBy: dailyReports.submittedBy,
  submittedAt: dailyReports.submittedAt,
  approvedBy: dailyReports.approvedBy,
  approvedAt: dailyReports.approvedAt,
  createdAt: dailyReports.createdAt,
  updatedAt: dailyReports.updatedAt,
};

const selectReports = (db: DbOrTx) =>
  db.select(reportColumns).from(dailyReports).innerJoin(locations, eq(locations.id, dailyReports.locationId));
const selectReportsCounted = (db: DbOrTx) =>
  db
    .select({ ...reportColumns, total: totalRows })
    .from(dailyReports)
    .innerJoin(locations, eq(locations.id, dailyReports.locationId));
type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

const toDailyReport = (r: ReportRow): DailyReport => ({
  id: r.id,
  location: r.location,
  location_name: r.locationName,
  date: r.date,
  status: r.status as DailyReport['status'],
  gross_total: r.gross,
  discount_total: r.discount,
  net_total: r.net,
  cash_total: r.cash,
  sales_count: r.count,
  by_payment_method: parseJson(r.byMethod, {}),
  cash_on_hand: r.cashOnHand,
  variance: r.variance,
  remarks: r.remarks,
  return_reason: r.returnReason,
  submitted_by: r.submittedBy,
  submitted_at: isoOrNull(r.submittedAt),
  approved_by: r.approvedBy,
  approved_at: isoOrNull(r.approvedAt),
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

/** Daily reports are for Managers and Admins (their locations), and for staff of the location who close the day. */
const reportScope = (user: AuthUser) => scopeWhere(scopeOf(user), dailyReports.locationId);

const reportWhere = (user: AuthUser, q: DailyReportListQuery) =>
  and(
    reportScope(user),
    q.location ? eq(dailyReports.locationId, q.location) : undefined,
    q.status ? eq(dailyReports.status, q.status) : undefined,
    q.date ? eq(dailyReports.date, q.date) : undefined,
    q.date_from ? sql`${dailyReports.date} >= ${q.date_from}` : undefined,
    q.date_to ? sql`${dailyReports.date} <= ${q.date_to}` : undefined,
  );

export const listReports = async (
  db: Db,
  user: AuthUser,
  q: DailyReportListQuery,
  url: string,
): Promise<Page<DailyReport>> =>
  listPage(url, q, {
    select: () => selectReportsCounted(db).$dynamic(),
    where: reportWhere(user, q),
    orderBy: { date: dailyReports.date, status: dailyReports.status, id: dailyReports.id },
    defaultOrder: [desc(dailyReports.date), asc(locations.name)],
    tieBreaker: dailyReports.id,
    toItem: toDailyReport,
  });

export const getReport = async (db: DbOrTx, user: AuthUser, id: number): Promise<DailyReport> => {
  const [row] = await selectReports(db).where(and(eq(dailyReports.id, id), reportScope(user)));
  if (!row) throw notFound('No such daily report.');
  return toDailyReport(row);
};

/** Locks the report row for a status change; 404 outside the caller's locations. */
const lockReport = async (tx: Tx, user: AuthUser, id: number) => {
  const [row] = await tx
    .select()
    .from(dailyReports)
    .where(and(eq(dailyReports.id, id), reportScope(user)))
    .for('update');
  if (!row) throw notFound('No such daily report.');
  return row;
};

export const createReport = async (db: Db, user: AuthUser, body: DailyReportBody): Promise<DailyReport> =>
  db.transaction(async (tx) => {
    const location = await locationOf(tx, body.location);
    if (!location) throw fieldsError({ location: ['No such location.'] });
    if (!inScope(scopeOf(user), location.id))
      throw forbidden(`You do not work at ${location.name}, so you cannot report its day.`);
    const [existing] = await tx
      .select({ id: dailyReports.id })
      .from(dailyReports)
      .where(and(eq(dailyReports.locationId, location.id), eq(dailyReports.date, body.date)));
    if (existing)
      throw conflict('This location already has a daily report for that date.', {
        date: [`Open report #${existing.id} instead.`],
      });
    const [row] = await tx
      .insert(dailyReports)
      .values({
        locationId: location.id,
        date: body.date,
        cashOnHand: body.cash_on_hand,
        remarks: body.remarks,
        ...createdBy(user.id),
      })
      .returning({ id: dailyReports.id });
    return audited(tx, {
      actorId: user.id,
      action: 'create',
      tableName: 'daily_reports',
      rowId: row!.id,
      after: await getReport(tx, user, row!.id),
    });
  });

export const updateReport = async (db: Db, user: AuthUser, id: number, patch: DailyReportPatch): Promise<DailyReport> =>
  db.transaction(async (tx) => {
    const row = await lockReport(tx, user, id);
    if (row.status === 'submitted' || row.status === 'approved')
      throw conflict(`This report is ${row.status}; it can be changed only after it is returned.`);
    const before = await getReport(tx, user, id);
    await tx
      .update(dailyReports)
      .set({
        ...(patch.cash_on_hand !== undefined ? { cashOnHand: patch.cash_on_hand } : {}),
        ...(patch.remarks !== undefined ? { remarks: patch.remarks } : {}),
        ...touched(user.id),
      })
      .where(eq(dailyReports.id, id));
    return audited(tx, {
      actorId: user.id,
      action: 'update',
      tableName: 'daily_reports',
      rowId: id,
      before,
      after: await getReport(tx, user, id),
    });
  });

/** Submitting asks the Admins and the location's Managers to approve, over the live channel. */
export const submitReport = async (db: Db, user: AuthUser, id: number): Promise<DailyReport> =>
  db.transaction(async (tx) => {
    const row = await lockReport(tx, user, id);
    if (row.status === 'submitted' || row.status === 'approved')
      throw conflict(`This report is already ${row.status}.`);
    if (row.cashOnHand === null) throw fieldsError({ cash_on_hand: ['Enter the cash on hand before submitting.'] });
    const before = await getReport(tx, user, id);
    await tx
      .update(dailyReports)
      .set({
        status: 'submitted',
        returnReason: '',
        submittedBy: user.id,
        submittedAt: sql`now()`,
        ...touched(user.id),
      })
      .where(eq(dailyReports.id, id));
    const after = await getReport(tx, user, id);
    const who = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
    await notify(tx, {
      recipients: (await approversOf(tx, [row.locationId])).filter((r) => r !== user.id),
      actorId: user.id,
      type: 'daily_report',
      title: `Daily report: ${after.location_name}, ${after.date}`,
      message: `${who} submitted the daily report: net ${after.net_total} from ${after.sales_count} sale${after.sales_count === 1 ? '' : 's'}, cash on hand ${after.cash_on_hand}, variance ${after.variance}.`,
      link: `/admin/reports?report=${id}`,
      data: { report_id: id, requested_by: user.id },
      requiresApproval: true,
    });
    return audited(tx, { actorId: user.id, action: 'submit', tableName: 'daily_reports', rowId: id, before, after });
  });

/** The report's undecided approval requests (every copy sent to an approver). */
const openRequests = (id: number) =>
  and(
    eq(notifications.type, 'daily_report'),
    eq(notifications.requiresApproval, true),
    sql`${notifications.isApproved} is null`,
    sql`${notifications.data}->>'report_id' = ${String(id)}`,
  );

/** Marks the report's open approval requests decided (a decision made on the screen rather than from the notification). */
const closeRequests = async (tx: Tx, actor: AuthUser, id: number, approved: boolean) => {
  const open = await tx
    .update(notifications)
    .set({ isApproved: approved, decidedBy: actor.id, decidedAt: sql`now()` })
    .where(openRequests(id))
    .returning({ id: notifications.id, recipientId: notifications.recipientId });
  for (const n of open) await publish(tx, { t: 'approved', user: n.recipientId, id: n.id, approved });
};

const decideReport = async (
  tx: Tx,
  actor: AuthUser,
  id: number,
  approved: boolean,
  reason: string,
  fromNotification: boolean,
) => {
  if (!isManager(actor)) throw forbidden('Only administrators and managers may approve or return daily reports.');
  // Deciding from the notification (decide()) locks the request's copies and then the report; the
  // screen takes them in the same order, so the two at once queue instead of deadlocking.
  if (!fromNotification)
    await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(openRequests(id))
      .orderBy(asc(notifications.id))
      .for('update');
  const row = await lockReport(tx, actor, id);
  if (row.status !== 'submitted')
    throw conflict(`Only a submitted report can be ${approved ? 'approved' : 'returned'}; this one is ${row.status}.`);
  const before = await getReport(tx, actor, id);
  await tx
    .update(dailyReports)
    .set(
      approved
        ? { status: 'approved', approvedBy: actor.id, approvedAt: sql`now()`, ...touched(actor.id) }
        : { status: 'returned', returnReason: reason, ...touched(actor.id) },
    )
    .where(eq(dailyReports.id, id));
  const after = await getReport(tx, actor, id);
  if (!fromNotification) {
    await closeRequests(tx, actor, id, approved);
    if (row.submittedBy && row.submittedBy !== actor.id) {
      await notify(tx, {
        recipients: [row.submittedBy],
        actorId: actor.id,
        type: 'decision',
        title: approved ? 'Daily report approved' : 'Daily report returned',
        message: `${after.location_name}, ${after.date}: ${approved ? 'approved' : `returned: ${reason}`}.`,
        link: `/admin/reports?report=${id}`,
        data: { request_type: 'daily_report', report_id: id, approved },
      });
    }
  }
  return audited(tx, {
    actorId: actor.id,
    action: approved ? 'approve' : 'return',
    tableName: 'daily_reports',
    rowId: id,
    before,
    after,
  });
};

export const approveReport = async (db: Db, user: AuthUser, id: number) =>
  db.transaction((tx) => decideReport(tx, user, id, true, '', false));
export const returnReport = async (db: Db, user: AuthUser, id: number, reason: string) =>
  db.transaction((tx) => decideReport(tx, user, id, false, reason, false));

registerApprovalHandler('daily_report', async ({ tx, actor, approved, data }) => {
  const id = typeof data.report_id === 'number' ? data.report_id : null;
  if (id === null) return;
  await decideReport(tx, actor, id, approved, approved ? '' : 'Declined from the approval request.', true);
});

// ——— reports ———

type AmountBy = { key: string; name: string; total: string; count: number };

/** One date's figures per location (the report below and the benchmark run this same SQL). */
export const dailySalesReportSql = (date: string, scope?: SQL) =>
  sql`with day as (select * from sales where date = ${date}::date)
      select l.id as location, l.name as location_name, r.id as report, r.status,
        (select count(*)::int from day s where s.location_id = l.id) as count,
        (select round(coalesce(sum(s.amount), 0), 2)::text from day s where s.location_id = l.id) as gross_total,
        (select round(coalesce(sum(s.discount), 0), 2)::text from day s where s.location_id = l.id) as discount_total,
        (select round(coalesce(sum(s.net_amount), 0), 2)::text from day s where s.location_id = l.id) as net_total,
        r.cash_on_hand::text as cash_on_hand,
        case when r.cash_on_hand is null then null else round(r.cash_on_hand - (select coalesce(sum(s.net_amount), 0) from day s where s.location_id = l.id and s.payment_method = 'cash'), 2)::text end as variance,
        (select json_agg(json_build_object('key', x.k, 'name', x.k, 'total', x.t, 'count', x.n) order by x.k) from (
          select s.payment_method as k, round(sum(s.net_amount), 2)::text as t, count(*)::int as n from day s where s.location_id = l.id group by 1) x) as by_payment_method,
        (select json_agg(json_build_object('key', x.k::text, 'name', x.name, 'total', x.t, 'count', x.n) order by x.name) from (
          select s.bank_id as k, b.name, round(sum(s.net_amount), 2)::text as t, count(*)::int as n from day s join banks b on b.id = s.bank_id where s.location_id = l.id group by 1, 2) x) as by_bank,
        (select json_agg(json_build_object('key', x.k::text, 'name', x.name, 'total', x.t, 'count', x.n) order by x.sum desc, x.name) from (
          select s.salesperson_id as k, e.first_name || ' ' || e.last_name as name, sum(s.net_amount) as sum, round(sum(s.net_amount), 2)::text as t, count(*)::int as n
          from day s join employees e on e.id = s.salesperson_id where s.location_id = l.id group by 1, 2) x) as by_salesperson
      from locations l
      left join daily_reports r on r.location_id = l.id and r.date = ${date}::date
      where (l.is_active or exists (select 1 from day s where s.location_id = l.id)) ${scope ? sql`and ${scope}` : sql``}
      order by lower(l.name), l.id`;

/** Per location on one date: totals by payment method, by bank and by salesperson, the report's status and variance. */
export const dailySalesReport = async (db: Db, user: AuthUser, date: string): Promise<DailySalesReport> => {
  const scope = scopeWhere(scopeOf(user), sql`l.id`);
  const rows = await rowsOf<{
    location: number;
    location_name: string;
    report: number | null;
    status: DailyReport['status'] | null;
    count: number;
    gross_total: string;
    discount_total: string;
    net_total: string;
    cash_on_hand: string | null;
    variance: string | null;
    by_payment_method: AmountBy[] | string | null;
    by_bank: AmountBy[] | string | null;
    by_salesperson: AmountBy[] | string | null;
  }>(db, dailySalesReportSql(date, scope));
  return {
    date,
    locations: rows.map((r) => ({
      ...r,
      location: Number(r.location),
      report: r.report === null ? null : Number(r.report),
      count: Number(r.count),
      by_payment_method: parseJson(r.by_payment_method, []),
      by_bank: parseJson(r.by_bank, []),
      by_salesperson: parseJson(r.by_salesperson, []),
    })),
  };
};

/** Per day and per cutoff, with the month's target (half of it per cutoff). Staff read only their own. */
export const personalSales = async (db: Db, user: AuthUser, q: PersonalSalesQuery): Promise<PersonalSales> => {
  const [seller] = await db
    .select({
      id: employees.id,
      first: employees.firstName,
      last: employees.lastName,
      userId: employees.userId,
      kind: employees.kind,
      locationId: employees.locationId,
      locationName: locations.name,
      target: employees.monthlyTarget,
    })
    .from(employees)
    .innerJoin(locations, eq(locations.id, employees.locationId))
    .where(eq(employees.id, q.salesperson_id));
  if (!seller || seller.kind !== 'salesperson') throw notFound('No such salesperson.');
  const allowed =
    isAdmin(user) || seller.userId === user.id || (isManager(user) && inScope(scopeOf(user), seller.locationId));
  if (!allowed)
    throw forbidden('You may see only your own sales, or those of salespersons at the locations you manage.');
  const month = periodOf(q.year, q.month, 0);
  const dayRows = await rowsOf<{ date: string; total: string; count: number }>(
    db,
    sql`select to_char(d, 'YYYY-MM-DD') as date, round(coalesce(sum(s.net_amount), 0), 2)::text as total, count(s.id)::int as count
      from generate_series(${month.from}::date, ${month.to}::date, interval '1 day') d
      left join sales s on s.date = d::date and s.salesperson_id = ${seller.id}
      group by d order by d`,
  );
  const [totals] = await rowsOf<{
    c1: string;
    n1: number;
    c2: string;
    n2: number;
    total: string;
    count: number;
    target: string;
    half: string;
    share: string | null;
    share1: string | null;
    share2: string | null;
  }>(
    db,
    sql`with t as (select
        coalesce(sum(net_amount) filter (where extract(day from date) <= 15), 0) as c1, count(*) filter (where extract(day from date) <= 15)::int as n1,
        coalesce(sum(net_amount) filter (where extract(day from date) > 15), 0) as c2, count(*) filter (where extract(day from date) > 15)::int as n2,
        coalesce(sum(net_amount), 0) as total, count(*)::int as count
        from sales where salesperson_id = ${seller.id} and date between ${month.from}::date and ${month.to}::date),
      g as (select coalesce(monthly_target, 0) as target from employees where id = ${seller.id})
      select round(c1, 2)::text as c1, n1, round(c2, 2)::text as c2, n2, round(total, 2)::text as total, count,
        round(target, 2)::text as target, round(target * 0.5, 2)::text as half,
        case when target > 0 then round(total * 100 / target, 2)::text end as share,
        case when target > 0 then round(c1 * 100 / (target * 0.5), 2)::text end as share1,
        case when target > 0 then round(c2 * 100 / (target * 0.5), 2)::text end as share2
      from t, g`,
  );
  const t = totals!;
  const c1 = periodOf(q.year, q.month, 1);
  const c2 = periodOf(q.year, q.month, 2);
  return {
    salesperson: seller.id,
    salesperson_name: `${seller.first} ${seller.last}`,
    location: seller.locationId,
    location_name: seller.locationName,
    month: q.month,
    year: q.year,
    days: dayRows.map((d) => ({ ...d, count: Number(d.count) })),
    cutoffs: [
      {
        cutoff: 1,
        date_from: c1.from,
        date_to: c1.to,
        total: t.c1,
        count: Number(t.n1),
        target: t.half,
        share_of_target: t.share1,
      },
      {
        cutoff: 2,
        date_from: c2.from,
        date_to: c2.to,
        total: t.c2,
        count: Number(t.n2),
        target: t.half,
        share_of_target: t.share2,
      },
    ],
    total: t.total,
    count: Number(t.count),
    target: t.target,
    share_of_target: t.share,
  };
};

/**
 * One scan over the month's per-day totals (sales_daily_totals): per location
 * per day, per location, and the grand total, as grouping sets; `level` 0 = day, 1 = location, 3 = all.
 */
export const locationSalesSql = (from: string, to: string, scope?: SQL, locationId?: number) => sql`
  with g as (
    select s.location_id, s.date, round(sum(s.total), 2)::text as total, sum(s.count)::int as count, grouping(s.location_id, s.date)::int as level
    from sales_daily_totals s
    where s.date between ${from}::date and ${to}::date ${scope ? sql`and ${scope}` : sql``} ${locationId ? sql`and s.location_id = ${locationId}` : sql``}
    group by grouping sets ((s.location_id, s.date), (s.location_id), ()))
  select g.location_id as location, l.name as location_name, to_char(g.date, 'YYYY-MM-DD') as date, g.total, g.count, g.level
  from g left join locations l on l.id = g.location_id
  order by g.level desc, lower(l.name), g.location_id, g.date`;

/** Per location per day (days with sales) and month totals; Managers see their locations, Admins all. */
export const locationSales = async (db: Db, user: AuthUser, q: LocationSalesQuery): Promise<LocationSales> => {
  const { from, to } = periodOf(q.year, q.month, 0);
  const rows = await rowsOf<{
    location: number | null;
    location_name: string | null;
    date: string | null;
    total: string;
    count: number;
    level: number;
  }>(db, locationSalesSql(from, to, scopeWhere(scopeOf(user), sql`s.location_id`), q.location));
  const result: LocationSales = { month: q.month, year: q.year, locations: [], total: '0.00', count: 0 };
  const byLocation = new Map<number, LocationSales['locations'][number]>();
  for (const r of rows) {
    const level = Number(r.level);
    if (level === 3) {
      result.total = r.total;
      result.count = Number(r.count);
    } else if (level === 1) {
      const entry = {
        location: Number(r.location),
        location_name: r.location_name ?? '',
        days: [],
        total: r.total,
        count: Number(r.count),
      };
      byLocation.set(entry.location, entry);
      result.locations.push(entry);
    } else
      byLocation.get(Number(r.location))?.days.push({ date: r.date ?? '', total: r.total, count: Number(r.count) });
  }
  return result;
};

export const reportsService = {
  storeSales,
  deleteSales,
  listSaleLines,
  allSaleLines,
  listReports,
  getReport,
  createReport,
  updateReport,
  submitReport,
  approveReport,
  returnReport,
  dailySalesReport,
  personalSales,
  locationSales,
  leaderboard,
};
