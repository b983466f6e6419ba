import { auditLog } from '../db/schema/index';
import type { DbOrTx } from '../db/client';

export type AuditEntry = {
  actorId: number | null;
  action: string;
  tableName: string;
  rowId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Strips secrets from what is kept in the audit trail. */
const scrub = (value: unknown): unknown => {
  if (!value || typeof value !== 'object') return value ?? null;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const key of ['passwordHash', 'password_hash', 'password', 'tokenHash', 'csrfToken']) delete copy[key];
  return copy;
};

/** Call inside the transaction of the write it records. */
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
