import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ClientHistoryChange, ClientHistoryEntry, Page } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';
import { iso } from '../../lib/iso';
import { listPage, totalRows } from '../../lib/list';
import { getClient } from './clients.service';
import type { AuthUser } from '../../lib/actor';

/** Tables whose API objects name their client in `client` (memberships, vouchers, arrivals). */
const RELATED_TABLES = ['client_memberships', 'client_treatments', 'client_arrivals'];

/** Bookkeeping every write bumps; listing it on each update would drown the fields that changed. */
const NOISE = new Set(['updated_at', 'updated_by']);
/** Audit rows keep API objects, which carry no secrets today; this keeps it so if one ever does. */
const SECRET = /password|secret|token|hash/i;

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;

/** The fields before/after differ in (for a create: every field of after; for a delete: of before). */
export const auditChanges = (before: unknown, after: unknown): ClientHistoryChange[] => {
  const b = asObject(before);
  const a = asObject(after);
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields
    .filter((field) => !NOISE.has(field) && !SECRET.test(field))
    .filter((field) => !b || !a || JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: b?.[field] ?? null, after: a?.[field] ?? null }));
};

/**
 * GET /clients/{id}/history/: the audit rows about the client and the memberships, vouchers and
 * arrivals sold or logged for it, newest first. Who may read it is who may read the client.
 */
export const clientHistory = async (
  db: Db,
  user: AuthUser,
  id: number,
  query: { page: number; pageSize: number },
  url: string,
): Promise<Page<ClientHistoryEntry>> => {
  await getClient(db, user, id);
  const clientId = String(id);
  const where = or(
    and(eq(auditLog.tableName, 'clients'), eq(auditLog.rowId, clientId)),
    and(
      inArray(auditLog.tableName, RELATED_TABLES),
      or(sql`${auditLog.after}->>'client' = ${clientId}`, sql`${auditLog.before}->>'client' = ${clientId}`),
    ),
  );
  return listPage(url, query, {
    select: () =>
      db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          actorId: auditLog.actorId,
          action: auditLog.action,
          tableName: auditLog.tableName,
          before: auditLog.before,
          after: auditLog.after,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
          total: totalRows,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .$dynamic(),
    where,
    orderBy: {},
    defaultOrder: [desc(auditLog.at), desc(auditLog.id)],
    tieBreaker: auditLog.id,
    toItem: (r) => ({
      id: r.id,
      at: iso(r.at),
      actor: r.actorId,
      actor_name: r.username === null ? 'System' : `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.username,
      action: r.action,
      table: r.tableName,
      changes: auditChanges(r.before, r.after),
    }),
  });
};
