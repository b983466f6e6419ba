import { sql, type SQL } from 'drizzle-orm';
import { auditLog } from './schema/index';
import type { DbOrTx } from './client';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  tableName: string;
  rowId?: string | number | null;
  /**
   * The row as the API shows it (the service's toX() output, snake_case), so a history view
   * later reads the same words as the screens. Secrets are dropped below.
   */
  before?: object | null;
  after?: object | null;
};

/** Strips secrets from what is kept in the audit trail. */
const scrub = (value: unknown): unknown => {
  if (!value || typeof value !== 'object') return value ?? null;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of ['passwordHash', 'password_hash', 'password', 'tokenHash', 'csrfToken']) delete copy[key];
  return copy;
};

/** The one audit writer; call it inside the transaction of the write it records. */
export const audit = async (db: DbOrTx, entry: AuditEntry) => {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    tableName: entry.tableName,
    rowId: entry.rowId == null ? null : String(entry.rowId),
    before: scrub(entry.before),
    after: scrub(entry.after),
  });
};

const jsonOrNull = (value: unknown) => (value == null ? sql`null` : sql`${JSON.stringify(value)}::jsonb`);

/**
 * The same row as `audit` writes, as the last part of one statement whose data-modifying CTE
 * (`with created as (insert … returning id)`) made the write: `insert … select` from that CTE,
 * `rowId` naming the row in it. For a hot write that is one statement instead of a transaction
 * (the sign-in's session, decision 1065); anywhere else, `audit` inside the transaction.
 */
export const auditFrom = (entry: Omit<AuditEntry, 'rowId'>, from: SQL, rowId: SQL) =>
  sql`insert into ${auditLog} (actor_id, action, table_name, row_id, before, after) select ${entry.actorId}::int, ${entry.action}, ${entry.tableName}, (${rowId})::text, ${jsonOrNull(scrub(entry.before))}, ${jsonOrNull(scrub(entry.after))} from ${from}`;

/** The last step of a create or update: audit it, then hand back the row as the API shows it. */
export const audited = async <T extends object>(db: DbOrTx, entry: AuditEntry & { after: T }): Promise<T> => {
  await audit(db, entry);
  return entry.after;
};

/**
 * The audit rows of one table, for the writes every resource has: a create, a change (before and
 * after; `action` names any other than 'update') and a delete that may have been a deactivation.
 * Each answers what the API sends back.
 */
export const auditTrail = (tableName: string) => ({
  created: <T extends object>(db: DbOrTx, actorId: number | null, rowId: number, after: T) =>
    audited(db, { actorId, action: 'create', tableName, rowId, after }),
  changed: <T extends object>(
    db: DbOrTx,
    actorId: number | null,
    rowId: number,
    before: T,
    after: T,
    action = 'update',
  ) => audited(db, { actorId, action, tableName, rowId, before, after }),
  removed: async <R extends { result: string }>(
    db: DbOrTx,
    actorId: number | null,
    rowId: number,
    result: R,
    before: object,
    after: object | null = null,
  ) => {
    await audit(db, {
      actorId,
      action: result.result === 'deleted' ? 'delete' : 'deactivate',
      tableName,
      rowId,
      before,
      after,
    });
    return result;
  },
});
