import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

// Bulk writing for the demo clients (clients.demo.ts): ids reserved ahead, rows inserted in chunks.

const CHUNK = 5_000;

type Columns = [string, string][];

/** Bulk insert through one JSON parameter per chunk (jsonb_to_recordset): the same on PGlite and PostgreSQL, no per-row round trips. */
export const bulkInsert = async (db: DbOrTx, table: string, columns: Columns, rows: Record<string, unknown>[]) => {
  const names = sql.raw(columns.map(([c]) => `"${c}"`).join(', '));
  const shape = sql.raw(columns.map(([c, type]) => `"${c}" ${type}`).join(', '));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await db.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${shape})`,
    );
  }
};

/** Ids drawn from a serial column's own sequence, so rows can point at each other before they are inserted. */
export const reserveIds = async (db: DbOrTx, table: string, n: number, sequence?: string): Promise<number[]> => {
  if (n === 0) return [];
  const seq: SQL = sequence ? sql`${sequence}` : sql`pg_get_serial_sequence(${table}, 'id')`;
  const rows = await db
    .select({ id: sql<number>`nextval(${seq})`.mapWith(Number) })
    .from(sql`generate_series(1, ${n})`);
  return rows.map((r) => r.id);
};

export const CLIENT_COLUMNS: Columns = [
  ['id', 'int'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['phone', 'text'],
  ['email', 'text'],
  ['birthdate', 'date'],
  ['gender', 'text'],
  ['location_id', 'int'],
  ['created_by', 'int'],
  ['updated_by', 'int'],
  ['created_at', 'timestamptz'],
];

const MEMBERSHIP_COLUMNS: Columns = [
  ['id', 'int'],
  ['client_id', 'int'],
  ['membership_id', 'int'],
  ['start_date', 'date'],
  ['end_date', 'date'],
  ['price_paid', 'numeric'],
  ['salesperson_id', 'int'],
  ['location_id', 'int'],
  ['sold_on', 'date'],
  ['created_by', 'int'],
  ['updated_by', 'int'],
  ['created_at', 'timestamptz'],
];

const VOUCHER_COLUMNS: Columns = [
  ['id', 'int'],
  ['code', 'text'],
  ['client_id', 'int'],
  ['treatment_id', 'int'],
  ['sessions_total', 'int'],
  ['sessions_used', 'int'],
  ['price_paid', 'numeric'],
  ['salesperson_id', 'int'],
  ['location_id', 'int'],
  ['expires_on', 'date'],
  ['client_membership_id', 'int'],
  ['sold_on', 'date'],
  ['created_at', 'timestamptz'],
];

const ARRIVAL_COLUMNS: Columns = [
  ['client_id', 'int'],
  ['location_id', 'int'],
  ['date', 'date'],
  ['time', 'text'],
  ['therapist_id', 'int'],
  ['receptionist_id', 'int'],
  ['treatment_id', 'int'],
  ['voucher_id', 'int'],
  ['client_membership_id', 'int'],
  ['status', 'text'],
  ['created_by', 'int'],
  ['updated_by', 'int'],
  ['created_at', 'timestamptz'],
];

const SALE_COLUMNS: Columns = [
  ['date', 'date'],
  ['location_id', 'int'],
  ['client_id', 'int'],
  ['salesperson_id', 'int'],
  ['kind', 'text'],
  ['reference', 'text'],
  ['amount', 'numeric'],
  ['discount', 'numeric'],
  ['net_amount', 'numeric'],
  ['payment_method', 'text'],
  ['bank_id', 'int'],
  ['created_by', 'int'],
  ['created_at', 'timestamptz'],
];

type Rows = Record<string, unknown>[];

/** Writes what the clients point at, in the order their foreign keys need (the clients are already in). */
export const insertDemoActivity = async (
  db: DbOrTx,
  rows: { memberships: Rows; vouchers: Rows; arrivals: Rows; sales: Rows },
) => {
  await bulkInsert(db, 'client_memberships', MEMBERSHIP_COLUMNS, rows.memberships);
  await bulkInsert(db, 'client_treatments', VOUCHER_COLUMNS, rows.vouchers);
  await bulkInsert(db, 'client_arrivals', ARRIVAL_COLUMNS, rows.arrivals);
  await bulkInsert(db, 'sales', SALE_COLUMNS, rows.sales);
};
