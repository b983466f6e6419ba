import { and, eq, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { conflict } from './http-error';

export type AssertFreeOptions = {
  /** The row being updated, which may keep its own value. */
  except?: { column: PgColumn; value: number };
  /** Compare lower(column) = lower(value), as the unique index on lower(name) does. */
  caseInsensitive?: boolean;
  /** Further equalities that scope the uniqueness (a bank's name with the account number, …). */
  alsoWhere?: SQL;
  /** 409 message, also shown on `field` unless `fieldMessage` says it shorter. */
  message: string;
  field: string;
  fieldMessage?: string;
};

/**
 * The uniqueness pre-check before a write: 409 with a field error when another row already holds
 * `value`. The named unique index stays the backstop for races (lib/constraints.ts).
 */
export const assertFree = async (
  db: DbOrTx,
  table: PgTable,
  column: AnyColumn,
  value: string | number,
  options: AssertFreeOptions,
) => {
  const same =
    options.caseInsensitive && typeof value === 'string'
      ? eq(sql`lower(${column})`, value.toLowerCase())
      : eq(column, value);
  const [clash] = await db
    .select({ one: sql`1` })
    .from(table)
    .where(and(same, options.alsoWhere, options.except ? ne(options.except.column, options.except.value) : undefined))
    .limit(1);
  if (clash) throw conflict(options.message, { [options.field]: [options.fieldMessage ?? options.message] });
};
