import { and, asc, eq, exists, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  DeleteResult,
  Membership,
  MembershipChanges,
  MembershipInput,
  MembershipQuery,
  Page,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import {
  membershipAllowedTreatments,
  membershipCategories,
  membershipCategoryLinks,
  memberships,
} from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { audit, auditTrail } from '../../db/audit';
import { fieldError, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toCamel, toSnake } from '../../lib/casing';
import { likePattern, listPage, lower, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import { outer } from './common';
import { assertNotInUse, membershipUsages } from './in-use.service';

const membershipsAudit = auditTrail('memberships');

type CategoryRef = { id: number; name: string };

const categoriesJson = sql<CategoryRef[] | string | null>`(
  select json_agg(json_build_object('id', ${membershipCategories.id}, 'name', ${membershipCategories.name}) order by lower(${membershipCategories.name}), ${membershipCategories.id})
  from ${membershipCategoryLinks} join ${membershipCategories} on ${membershipCategories.id} = ${membershipCategoryLinks.categoryId}
  where ${membershipCategoryLinks.membershipId} = ${outer('memberships', 'id')})`;

const allowedCount =
  sql<number>`(select count(*) from ${membershipAllowedTreatments} where ${membershipAllowedTreatments.membershipId} = ${outer('memberships', 'id')})`.mapWith(
    Number,
  );

const columns = {
  id: memberships.id,
  name: memberships.name,
  price: memberships.price,
  validityDays: memberships.validityDays,
  description: memberships.description,
  isActive: memberships.isActive,
  taxClass: memberships.taxClass,
  seniorPwdEligible: memberships.seniorPwdEligible,
  categories: categoriesJson,
  allowedCount,
  createdAt: memberships.createdAt,
  updatedAt: memberships.updatedAt,
};

type Selected = {
  id: number;
  name: string;
  price: string;
  validityDays: number;
  description: string;
  isActive: boolean;
  taxClass: 'vatable' | 'vat_exempt' | 'zero_rated';
  seniorPwdEligible: boolean;
  categories: CategoryRef[] | string | null;
  allowedCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const toRead = ({ categories: json, allowedCount, ...r }: Selected): Membership => {
  // json comes back parsed from both drivers; a string is parsed here in case a driver does not.
  const categories: CategoryRef[] = typeof json === 'string' ? (JSON.parse(json) as CategoryRef[]) : (json ?? []);
  return {
    ...toSnake(r),
    categories: categories.map((c) => c.id),
    category_names: categories.map((c) => c.name),
    allowed_treatments_count: allowedCount,
    ...isoStamps(r),
  };
};

/** `categories` live in the link table (setCategories), not in a column. */
const toColumns = <T extends MembershipChanges>({ categories: _categories, ...fields }: T) => toCamel(fields);

export const getMembership = async (db: DbOrTx, id: number): Promise<Membership> => {
  const [row] = await db.select(columns).from(memberships).where(eq(memberships.id, id));
  if (!row) throw notFound('No such membership.');
  return toRead(row);
};

export const listMemberships = async (db: Db, query: MembershipQuery, url: string): Promise<Page<Membership>> => {
  const conditions: SQL[] = [];
  if (query.search) conditions.push(ilike(memberships.name, likePattern(query.search)));
  if (query.is_active !== undefined) conditions.push(eq(memberships.isActive, query.is_active));
  if (query.category !== undefined) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(membershipCategoryLinks)
          .where(
            and(
              eq(membershipCategoryLinks.membershipId, outer('memberships', 'id')),
              eq(membershipCategoryLinks.categoryId, query.category),
            ),
          ),
      ),
    );
  }
  return listPage(url, query, {
    select: () =>
      db
        .select({ ...columns, total: totalRows })
        .from(memberships)
        .$dynamic(),
    where: and(...conditions),
    orderBy: {
      name: lower(memberships.name),
      price: memberships.price,
      validity_days: memberships.validityDays,
      is_active: memberships.isActive,
      allowed_treatments_count: allowedCount,
      created_at: memberships.createdAt,
      updated_at: memberships.updatedAt,
    },
    defaultOrder: [lower(memberships.name)],
    tieBreaker: memberships.id,
    toItem: toRead,
  });
};

const assertNameFree = (db: DbOrTx, name: string, exceptId?: number) =>
  assertFree(db, memberships, memberships.name, name, {
    caseInsensitive: true,
    except: exceptId === undefined ? undefined : { column: memberships.id, value: exceptId },
    message: `A membership named "${name}" already exists.`,
    field: 'name',
    fieldMessage: 'A membership with this name already exists.',
  });

/** Replaces the membership's categories with `ids` (duplicates ignored); unknown ids are a 400 on `categories`. */
const setCategories = async (tx: DbOrTx, membershipId: number, ids: number[]) => {
  const wanted = [...new Set(ids)];
  if (wanted.length) {
    const found = await tx
      .select({ id: membershipCategories.id })
      .from(membershipCategories)
      .where(inArray(membershipCategories.id, wanted));
    const known = new Set(found.map((r) => r.id));
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length)
      throw fieldError(
        'categories',
        `No such membership ${missing.length === 1 ? 'category' : 'categories'}: ${missing.join(', ')}.`,
      );
  }
  await tx.delete(membershipCategoryLinks).where(eq(membershipCategoryLinks.membershipId, membershipId));
  if (wanted.length)
    await tx.insert(membershipCategoryLinks).values(wanted.map((categoryId) => ({ membershipId, categoryId })));
};

export const createMembership = async (db: Db, actorId: number, body: MembershipInput): Promise<Membership> =>
  db.transaction(async (tx) => {
    await assertNameFree(tx, body.name);
    const [row] = await tx
      .insert(memberships)
      .values({ ...toColumns(body), ...createdBy(actorId) })
      .returning({ id: memberships.id });
    if (body.categories) await setCategories(tx, row!.id, body.categories);
    return membershipsAudit.created(tx, actorId, row!.id, await getMembership(tx, row!.id));
  });

/** PUT and PATCH; `categories`, when sent, replaces the set in the same transaction. */
export const updateMembership = async (
  db: Db,
  actorId: number,
  id: number,
  patch: MembershipChanges,
): Promise<Membership> =>
  db.transaction(async (tx) => {
    const before = await getMembership(tx, id);
    if (patch.name !== undefined && patch.name !== before.name) await assertNameFree(tx, patch.name, id);
    await tx
      .update(memberships)
      .set({ ...toColumns(patch), ...touched(actorId) })
      .where(eq(memberships.id, id));
    if (patch.categories) await setCategories(tx, id, patch.categories);
    return membershipsAudit.changed(tx, actorId, id, before, await getMembership(tx, id));
  });

/** POST /memberships/{id}/update_categories/: the membership is listed under exactly these categories. */
export const updateMembershipCategories = async (
  db: Db,
  actorId: number,
  id: number,
  categoryIds: number[],
): Promise<Membership> =>
  db.transaction(async (tx) => {
    const before = await getMembership(tx, id);
    await setCategories(tx, id, categoryIds);
    await tx.update(memberships).set(touched(actorId)).where(eq(memberships.id, id));
    return membershipsAudit.changed(tx, actorId, id, before, await getMembership(tx, id), 'update_categories');
  });

/** Its category links and allowed treatments belong to it and go with it (recorded in the audit row). */
export const deleteMembership = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await getMembership(tx, id);
    await assertNotInUse(tx, membershipUsages, id, 'This membership', 'Deactivate it instead of deleting it.');
    const allowed = await tx
      .select({
        treatment: membershipAllowedTreatments.treatmentId,
        sessions_included: membershipAllowedTreatments.sessionsIncluded,
        discount_percent: membershipAllowedTreatments.discountPercent,
      })
      .from(membershipAllowedTreatments)
      .where(eq(membershipAllowedTreatments.membershipId, id))
      .orderBy(asc(membershipAllowedTreatments.id));
    await tx.delete(memberships).where(eq(memberships.id, id));
    await audit(tx, {
      actorId,
      action: 'delete',
      tableName: 'memberships',
      rowId: id,
      before: { ...before, allowed_treatments: allowed },
    });
    return { result: 'deleted', message: `Membership “${before.name}” deleted.` };
  });

/** What the resource routes call (lib/resource-routes.ts). */
export const membershipsService = {
  list: listMemberships,
  get: getMembership,
  create: createMembership,
  update: updateMembership,
  remove: deleteMembership,
};
