import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  AllowedTreatment,
  AllowedTreatmentChanges,
  AllowedTreatmentInput,
  AllowedTreatmentQuery,
  DeleteResult,
  Page,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import {
  membershipAllowedTreatments as allowed,
  memberships,
  treatmentCategories,
  treatments,
} from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { audit, auditTrail } from '../../db/audit';
import { fieldError, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toCamel, toSnake } from '../../lib/casing';
import { listPage, lower, searchWhere, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';

const membershipAllowedTreatmentsAudit = auditTrail('membership_allowed_treatments');

/** Price after the membership discount, rounded half-up to centavos, in SQL (never JS floats). */
const memberPrice = sql<string>`round(${treatments.price} * (100 - ${allowed.discountPercent}) / 100, 2)::numeric(12,2)::text`;

const columns = {
  id: allowed.id,
  membership: allowed.membershipId,
  membershipName: memberships.name,
  treatment: allowed.treatmentId,
  treatmentName: treatments.name,
  treatmentCategoryName: treatmentCategories.name,
  treatmentDurationMinutes: treatments.durationMinutes,
  treatmentPrice: treatments.price,
  treatmentIsActive: treatments.isActive,
  memberPrice,
  sessionsIncluded: allowed.sessionsIncluded,
  discountPercent: allowed.discountPercent,
  createdAt: allowed.createdAt,
  updatedAt: allowed.updatedAt,
};

type Selected = {
  id: number;
  membership: number;
  membershipName: string;
  treatment: number;
  treatmentName: string;
  treatmentCategoryName: string;
  treatmentDurationMinutes: number;
  treatmentPrice: string;
  treatmentIsActive: boolean;
  memberPrice: string;
  sessionsIncluded: number;
  discountPercent: string;
  createdAt: Date;
  updatedAt: Date;
};

const toRead = (r: Selected): AllowedTreatment => ({ ...toSnake(r), ...isoStamps(r) });

const toColumns = <T extends AllowedTreatmentChanges>(body: T) =>
  toCamel(body, { membership: 'membershipId', treatment: 'treatmentId' });

const joined = (db: DbOrTx) =>
  db
    .select(columns)
    .from(allowed)
    .innerJoin(memberships, eq(memberships.id, allowed.membershipId))
    .innerJoin(treatments, eq(treatments.id, allowed.treatmentId))
    .innerJoin(treatmentCategories, eq(treatmentCategories.id, treatments.categoryId));

export const getAllowedTreatment = async (db: DbOrTx, id: number): Promise<AllowedTreatment> => {
  const [row] = await joined(db).where(eq(allowed.id, id));
  if (!row) throw notFound('No such allowed treatment.');
  return toRead(row);
};

export const listAllowedTreatments = async (
  db: Db,
  query: AllowedTreatmentQuery,
  url: string,
): Promise<Page<AllowedTreatment>> => {
  const conditions: (SQL | undefined)[] = [];
  if (query.membership !== undefined) conditions.push(eq(allowed.membershipId, query.membership));
  if (query.treatment !== undefined) conditions.push(eq(allowed.treatmentId, query.treatment));
  conditions.push(searchWhere(query.search, [treatments.name, memberships.name]));
  return listPage(url, query, {
    select: () =>
      db
        .select({ ...columns, total: totalRows })
        .from(allowed)
        .innerJoin(memberships, eq(memberships.id, allowed.membershipId))
        .innerJoin(treatments, eq(treatments.id, allowed.treatmentId))
        .innerJoin(treatmentCategories, eq(treatmentCategories.id, treatments.categoryId))
        .$dynamic(),
    where: and(...conditions),
    orderBy: {
      treatment_name: lower(treatments.name),
      membership_name: lower(memberships.name),
      sessions_included: allowed.sessionsIncluded,
      discount_percent: allowed.discountPercent,
      created_at: allowed.createdAt,
    },
    defaultOrder: [lower(memberships.name), lower(treatments.name)],
    tieBreaker: allowed.id,
    toItem: toRead,
  });
};

const membershipName = async (db: DbOrTx, id: number) => {
  const [row] = await db.select({ name: memberships.name }).from(memberships).where(eq(memberships.id, id));
  if (!row) throw fieldError('membership', 'No such membership.');
  return row.name;
};

/** The treatment must exist, and a retired (inactive) one cannot be newly included. */
const includableTreatment = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ name: treatments.name, isActive: treatments.isActive })
    .from(treatments)
    .where(eq(treatments.id, id));
  if (!row) throw fieldError('treatment', 'No such treatment.');
  if (!row.isActive)
    throw fieldError('treatment', `${row.name} is inactive; activate it before including it in a membership.`);
  return row.name;
};

/** A membership includes a treatment once (membership_allowed_treatments_pair_idx). */
const assertPairFree = (
  db: DbOrTx,
  membershipId: number,
  treatmentId: number,
  names: { membership: string; treatment: string },
  exceptId?: number,
) =>
  assertFree(db, allowed, allowed.treatmentId, treatmentId, {
    alsoWhere: eq(allowed.membershipId, membershipId),
    except: exceptId === undefined ? undefined : { column: allowed.id, value: exceptId },
    message: `${names.membership} already includes ${names.treatment}; edit that line instead.`,
    field: 'treatment',
    fieldMessage: `${names.membership} already includes this treatment.`,
  });

export const createAllowedTreatment = async (
  db: Db,
  actorId: number,
  body: AllowedTreatmentInput,
): Promise<AllowedTreatment> =>
  db.transaction(async (tx) => {
    const names = {
      membership: await membershipName(tx, body.membership),
      treatment: await includableTreatment(tx, body.treatment),
    };
    await assertPairFree(tx, body.membership, body.treatment, names);
    const [row] = await tx
      .insert(allowed)
      .values({ ...toColumns(body), ...createdBy(actorId) })
      .returning({ id: allowed.id });
    return membershipAllowedTreatmentsAudit.created(tx, actorId, row!.id, await getAllowedTreatment(tx, row!.id));
  });

export const updateAllowedTreatment = async (
  db: Db,
  actorId: number,
  id: number,
  patch: AllowedTreatmentChanges,
): Promise<AllowedTreatment> =>
  db.transaction(async (tx) => {
    const before = await getAllowedTreatment(tx, id);
    const membershipId = patch.membership ?? before.membership;
    const treatmentId = patch.treatment ?? before.treatment;
    const names = {
      membership: membershipId === before.membership ? before.membership_name : await membershipName(tx, membershipId),
      // Keeping an already-included treatment that was retired later is fine; switching to one is not.
      treatment: treatmentId === before.treatment ? before.treatment_name : await includableTreatment(tx, treatmentId),
    };
    if (membershipId !== before.membership || treatmentId !== before.treatment)
      await assertPairFree(tx, membershipId, treatmentId, names, id);
    await tx
      .update(allowed)
      .set({ ...toColumns(patch), membershipId, treatmentId, ...touched(actorId) })
      .where(eq(allowed.id, id));
    return membershipAllowedTreatmentsAudit.changed(tx, actorId, id, before, await getAllowedTreatment(tx, id));
  });

export const deleteAllowedTreatment = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await getAllowedTreatment(tx, id);
    await tx.delete(allowed).where(eq(allowed.id, id));
    await audit(tx, { actorId, action: 'delete', tableName: 'membership_allowed_treatments', rowId: id, before });
    return { result: 'deleted', message: `${before.treatment_name} removed from ${before.membership_name}.` };
  });

/** What the resource routes call (lib/resource-routes.ts). */
export const allowedTreatmentsService = {
  list: listAllowedTreatments,
  get: getAllowedTreatment,
  create: createAllowedTreatment,
  update: updateAllowedTreatment,
  remove: deleteAllowedTreatment,
};
