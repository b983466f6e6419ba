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

/** The last step of a create or update: audit it, then hand back the row as the API shows it. */
export const audited = async <T extends object>(db: DbOrTx, entry: AuditEntry & { after: T }): Promise<T> => {
  await audit(db, entry);
  return entry.after;
};
