import { and, eq, type SQL } from 'drizzle-orm';
import type {
  DeleteResult,
  Page,
  Treatment,
  TreatmentChanges,
  TreatmentInput,
  TreatmentQuery,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { treatmentCategories, treatments } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { audit, auditTrail } from '../../db/audit';
import { fieldError, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toCamel, toSnake } from '../../lib/casing';
import { listPage, lower, searchWhere, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import { assertNotInUse, treatmentUsages } from './in-use.service';

const treatmentsAudit = auditTrail('treatments');

const columns = {
  id: treatments.id,
  name: treatments.name,
  category: treatments.categoryId,
  categoryName: treatmentCategories.name,
  durationMinutes: treatments.durationMinutes,
  price: treatments.price,
  description: treatments.description,
  isActive: treatments.isActive,
  roomKinds: treatments.roomKinds,
  taxClass: treatments.taxClass,
  seniorPwdEligible: treatments.seniorPwdEligible,
  createdAt: treatments.createdAt,
  updatedAt: treatments.updatedAt,
};

type Selected = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

const toRead = (r: Selected): Treatment => ({
  ...toSnake(r),
  tax_class: r.taxClass as Treatment['tax_class'],
  ...isoStamps(r),
});

const toColumns = <T extends TreatmentChanges>(body: T) => toCamel(body, { category: 'categoryId' });

const base = (db: DbOrTx) =>
  db.select(columns).from(treatments).innerJoin(treatmentCategories, eq(treatmentCategories.id, treatments.categoryId));

export const getTreatment = async (db: DbOrTx, id: number): Promise<Treatment> => {
  const [row] = await base(db).where(eq(treatments.id, id));
  if (!row) throw notFound('No such treatment.');
  return toRead(row);
};

export const listTreatments = async (db: Db, query: TreatmentQuery, url: string): Promise<Page<Treatment>> => {
  const conditions: (SQL | undefined)[] = [searchWhere(query.search, [treatments.name, treatmentCategories.name])];
  if (query.category !== undefined) conditions.push(eq(treatments.categoryId, query.category));
  if (query.is_active !== undefined) conditions.push(eq(treatments.isActive, query.is_active));
  return listPage(url, query, {
    select: () =>
      db
        .select({ ...columns, total: totalRows })
        .from(treatments)
        .innerJoin(treatmentCategories, eq(treatmentCategories.id, treatments.categoryId))
        .$dynamic(),
    where: and(...conditions),
    orderBy: {
      name: lower(treatments.name),
      category: lower(treatmentCategories.name),
      category_name: lower(treatmentCategories.name),
      duration_minutes: treatments.durationMinutes,
      price: treatments.price,
      is_active: treatments.isActive,
      created_at: treatments.createdAt,
      updated_at: treatments.updatedAt,
    },
    defaultOrder: [lower(treatmentCategories.name), lower(treatments.name)],
    tieBreaker: treatments.id,
    toItem: toRead,
  });
};

/** The category must exist: an unknown id is the client's mistake (400 on `category`), never a 500. */
const categoryName = async (db: DbOrTx, categoryId: number) => {
  const [row] = await db
    .select({ name: treatmentCategories.name })
    .from(treatmentCategories)
    .where(eq(treatmentCategories.id, categoryId));
  if (!row) throw fieldError('category', 'No such treatment category.');
  return row.name;
};

/** Names are unique within a category, ignoring case (treatments_category_name_lower_idx). */
const assertNameFree = (db: DbOrTx, name: string, categoryId: number, category: string, exceptId?: number) =>
  assertFree(db, treatments, treatments.name, name, {
    caseInsensitive: true,
    alsoWhere: eq(treatments.categoryId, categoryId),
    except: exceptId === undefined ? undefined : { column: treatments.id, value: exceptId },
    message: `A treatment named "${name}" already exists in ${category}.`,
    field: 'name',
    fieldMessage: `${category} already has a treatment with this name.`,
  });

export const createTreatment = async (db: Db, actorId: number, body: TreatmentInput): Promise<Treatment> =>
  db.transaction(async (tx) => {
    const category = await categoryName(tx, body.category);
    await assertNameFree(tx, body.name, body.category, category);
    const [row] = await tx
      .insert(treatments)
      .values({ ...toColumns(body), ...createdBy(actorId) })
      .returning({ id: treatments.id });
    return treatmentsAudit.created(tx, actorId, row!.id, await getTreatment(tx, row!.id));
  });

/** PUT sends every field, PATCH some; either way the result must satisfy the same rules. */
export const updateTreatment = async (
  db: Db,
  actorId: number,
  id: number,
  patch: TreatmentChanges,
): Promise<Treatment> =>
  db.transaction(async (tx) => {
    const before = await getTreatment(tx, id);
    const categoryId = patch.category ?? before.category;
    const name = patch.name ?? before.name;
    const category = categoryId === before.category ? before.category_name : await categoryName(tx, categoryId);
    if (name !== before.name || categoryId !== before.category)
      await assertNameFree(tx, name, categoryId, category, id);
    await tx
      .update(treatments)
      .set({ ...toColumns(patch), name, categoryId, ...touched(actorId) })
      .where(eq(treatments.id, id));
    return treatmentsAudit.changed(tx, actorId, id, before, await getTreatment(tx, id));
  });

/** Only a treatment nothing uses is deleted; one in use is a 409 naming the uses (deactivate it instead). */
export const deleteTreatment = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await getTreatment(tx, id);
    await assertNotInUse(tx, treatmentUsages, id, 'This treatment', 'Deactivate it instead of deleting it.');
    await tx.delete(treatments).where(eq(treatments.id, id));
    await audit(tx, { actorId, action: 'delete', tableName: 'treatments', rowId: id, before });
    return { result: 'deleted', message: `Treatment “${before.name}” deleted.` };
  });

/** What the resource routes call (lib/resource-routes.ts). */
export const treatmentsService = {
  list: listTreatments,
  get: getTreatment,
  create: createTreatment,
  update: updateTreatment,
  remove: deleteTreatment,
};
