import { BUSINESS_ZONE } from '../../db/business-zone';
import { and, desc, eq, inArray, or, sql, type AnyColumn } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { ClientHistoryChange, ClientHistoryEntry, Page } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import {
  auditLog,
  clientArrivals,
  clientMemberships,
  clientTreatments,
  employees,
  locations,
  memberships as membershipPlans,
  treatments,
  users,
} from '../../db/schema/index';
import { iso } from '../../lib/iso';
import { offsetOf, toPage, totalRows } from '../../lib/list';
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
 * The fields that name what an entry is about (a visit's day, time, branch, treatment and
 * therapist; a voucher's code), as the row stands after the change (before it, for a delete): an
 * update or a cancel changes only a field or two, and "the visit of 29 Nov 2026, 12:00 pm" must
 * still be said (docs/decisions/0645).
 */
const SUBJECT = [
  'client_name',
  'date',
  'time',
  'location_name',
  'treatment_name',
  'therapist_name',
  'second_therapist_name',
  'code',
  'voucher_code',
  'membership_name',
] as const;
export const auditSubject = (before: unknown, after: unknown): Record<string, string> => {
  const row = asObject(after) ?? asObject(before) ?? {};
  return Object.fromEntries(
    SUBJECT.flatMap((field) => (typeof row[field] === 'string' && row[field] !== '' ? [[field, row[field]]] : [])),
  );
};

/** The creating action of each related table's audit row: a row without one was written in bulk (demo, migration). */
const CREATED = { client_memberships: 'sell', client_treatments: 'sell', client_arrivals: 'create' } as const;

/** No audit row says the row was made (bulk-written): not exists, over audit_log_table_row_idx. */
const unaudited = (table: keyof typeof CREATED, id: AnyColumn) =>
  sql`not exists (select 1 from ${auditLog} where ${auditLog.tableName} = ${table} and ${auditLog.rowId} = ${id}::text and ${auditLog.action} = ${CREATED[table]})`;

/**
 * Entries for rows no audit row tells of (docs/decisions/0413): demo and migrated memberships,
 * vouchers and arrivals were written in bulk, so a client who bought and came often would read
 * "No history yet." These entries come from the rows themselves, with the fields a sale or a
 * visit is read by; their ids are negative (never an audit id), unique per table and row.
 */
const fromRows = (db: Db, clientId: number) => {
  const nothing = sql<unknown>`null::jsonb`;
  const memberships = db
    .select({
      id: sql<number>`-(${clientMemberships.id}::bigint * 4 + 1)`.as('entry_id'),
      at: sql<Date>`${clientMemberships.createdAt}`.as('entry_at'),
      actorId: sql<number | null>`${clientMemberships.createdBy}`.as('entry_actor'),
      action: sql<string>`'sell'`.as('entry_action'),
      tableName: sql<string>`'client_memberships'`.as('entry_table'),
      before: nothing.as('entry_before'),
      after:
        sql<unknown>`jsonb_build_object('client', ${clientMemberships.clientId}, 'membership_name', ${membershipPlans.name}, 'start_date', ${clientMemberships.startDate}, 'end_date', ${clientMemberships.endDate}, 'price_paid', ${clientMemberships.pricePaid}::text, 'location_name', ${locations.name}, 'status', ${clientMemberships.status})`.as(
          'after',
        ),
    })
    .from(clientMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, clientMemberships.membershipId))
    .innerJoin(locations, eq(locations.id, clientMemberships.locationId))
    .where(and(eq(clientMemberships.clientId, clientId), unaudited('client_memberships', clientMemberships.id)));
  const vouchers = db
    .select({
      id: sql<number>`-(${clientTreatments.id}::bigint * 4 + 2)`,
      at: sql<Date>`${clientTreatments.createdAt}`,
      actorId: sql<number | null>`${clientTreatments.createdBy}`,
      action: sql<string>`'sell'`,
      tableName: sql<string>`'client_treatments'`,
      before: nothing,
      after: sql<unknown>`jsonb_build_object('client', ${clientTreatments.clientId}, 'code', ${clientTreatments.code}, 'treatment_name', ${treatments.name}, 'sessions_total', ${clientTreatments.sessionsTotal}, 'price_paid', ${clientTreatments.pricePaid}::text, 'location_name', ${locations.name}, 'expires_on', ${clientTreatments.expiresOn})`,
    })
    .from(clientTreatments)
    .innerJoin(treatments, eq(treatments.id, clientTreatments.treatmentId))
    .innerJoin(locations, eq(locations.id, clientTreatments.locationId))
    .where(and(eq(clientTreatments.clientId, clientId), unaudited('client_treatments', clientTreatments.id)));
  const voucherCode = alias(clientTreatments, 'arrival_voucher');
  const therapist = alias(employees, 'arrival_therapist');
  const second = alias(employees, 'arrival_second_therapist');
  const nameOf = (e: { firstName: AnyColumn; lastName: AnyColumn }) =>
    sql<string | null>`${e.firstName} || ' ' || ${e.lastName}`;
  const arrivals = db
    .select({
      id: sql<number>`-(${clientArrivals.id}::bigint * 4 + 3)`,
      // The visit's own day and time (Manila), not when a bulk load wrote it.
      at: sql<Date>`(${clientArrivals.date} + ${clientArrivals.time}::time) at time zone ${BUSINESS_ZONE}`,
      actorId: sql<number | null>`${clientArrivals.createdBy}`,
      action: sql<string>`'create'`,
      tableName: sql<string>`'client_arrivals'`,
      before: nothing,
      after: sql<unknown>`jsonb_build_object('client', ${clientArrivals.clientId}, 'date', ${clientArrivals.date}, 'time', ${clientArrivals.time}, 'treatment_name', ${treatments.name}, 'therapist_name', ${nameOf(therapist)}, 'second_therapist_name', ${nameOf(second)}, 'location_name', ${locations.name}, 'voucher_code', ${voucherCode.code}, 'status', ${clientArrivals.status})`,
    })
    .from(clientArrivals)
    .leftJoin(treatments, eq(treatments.id, clientArrivals.treatmentId))
    .innerJoin(locations, eq(locations.id, clientArrivals.locationId))
    .leftJoin(voucherCode, eq(voucherCode.id, clientArrivals.voucherId))
    .innerJoin(therapist, eq(therapist.id, clientArrivals.therapistId))
    .leftJoin(second, eq(second.id, clientArrivals.secondTherapistId))
    .where(and(eq(clientArrivals.clientId, clientId), unaudited('client_arrivals', clientArrivals.id)));
  return { memberships, vouchers, arrivals };
};

/**
 * GET /clients/{id}/history/: one timeline, newest first, of the client's profile changes and the
 * memberships, vouchers and arrivals (redemptions, walk-ins) sold or logged for it: the audit rows,
 * and for rows written in bulk without one, entries read from the rows. Who may read it is who
 * may read the client.
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
  const audited = db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      action: sql<string>`${auditLog.action}`,
      tableName: sql<string>`${auditLog.tableName}`,
      before: sql<unknown>`${auditLog.before}`,
      after: sql<unknown>`${auditLog.after}`,
    })
    .from(auditLog)
    .where(
      or(
        and(eq(auditLog.tableName, 'clients'), eq(auditLog.rowId, clientId)),
        and(
          inArray(auditLog.tableName, RELATED_TABLES),
          or(sql`${auditLog.after}->>'client' = ${clientId}`, sql`${auditLog.before}->>'client' = ${clientId}`),
        ),
      ),
    );
  const rows = fromRows(db, id);
  const entries = unionAll(rows.memberships, audited, rows.vouchers, rows.arrivals).as('entries');
  const page = await db
    .select({
      id: entries.id,
      at: entries.at,
      actorId: entries.actorId,
      action: entries.action,
      tableName: entries.tableName,
      before: entries.before,
      after: entries.after,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      total: totalRows,
    })
    .from(entries)
    .leftJoin(users, eq(users.id, entries.actorId))
    .orderBy(desc(entries.at), desc(entries.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  // A page past the end has no row to carry the count: ask for it alone.
  const count =
    page[0]?.total ??
    (query.page > 1 ? ((await db.select({ total: totalRows }).from(entries).limit(1))[0]?.total ?? 0) : 0);
  return toPage(
    url,
    query,
    count,
    page.map((r) => ({
      id: Number(r.id),
      at: iso(new Date(r.at)),
      actor: r.actorId,
      actor_name: r.username === null ? 'System' : `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.username,
      action: r.action,
      table: r.tableName,
      changes: auditChanges(r.before, r.after),
      subject: auditSubject(r.before, r.after),
    })),
  );
};
