import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page, Treatment, treatmentBodySchema, treatmentListQuerySchema, treatmentPatchSchema } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { treatmentCategories, treatments } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf, orderingOf, toPage } from '../../lib/pagination';
import { guardConstraints, iso } from './common';
import { assertNotInUse, treatmentUsages } from './in-use';

type TreatmentBody = z.output<typeof treatmentBodySchema>;
type TreatmentPatch = z.output<typeof treatmentPatchSchema>;
type TreatmentListQuery = z.output<typeof treatmentListQuerySchema>;

const columns = {
  id: treatments.id,
  name: treatments.name,
  category: treatments.categoryId,
  categoryName: treatmentCategories.name,
  durationMinutes: treatments.durationMinutes,
  price: treatments.price,
  description: treatments.description,
  isActive: treatments.isActive,
  createdAt: treatments.createdAt,
  updatedAt: treatments.updatedAt,
};

type Selected = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

const toRead = (r: Selected): Treatment => ({
  id: r.id,
  name: r.name,
  category: r.category,
  category_name: r.categoryName,
  duration_minutes: r.durationMinutes,
  price: r.price,
  description: r.description,
  is_active: r.isActive,
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

const base = (db: DbOrTx) => db.select(columns).from(treatments).innerJoin(treatmentCategories, eq(treatmentCategories.id, treatments.categoryId));

export const getTreatment = async (db: DbOrTx, id: number): Promise<Treatment> => {
  const [row] = await base(db).where(eq(treatments.id, id));
  if (!row) throw notFound('No such treatment.');
  return toRead(row);
};

export const listTreatments = async (db: Db, query: TreatmentListQuery, url: string): Promise<Page<Treatment>> => {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(ilike(treatments.name, pattern), ilike(treatmentCategories.name, pattern))!);
  }
  if (query.category !== undefined) conditions.push(eq(treatments.categoryId, query.category));
  if (query.is_active !== undefined) conditions.push(eq(treatments.isActive, query.is_active));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = orderingOf(
    query.ordering,
    {
      name: sql`lower(${treatments.name})`,
      category: sql`lower(${treatmentCategories.name})`,
      category_name: sql`lower(${treatmentCategories.name})`,
      duration_minutes: treatments.durationMinutes,
      price: treatments.price,
      is_active: treatments.isActive,
      created_at: treatments.createdAt,
      updated_at: treatments.updatedAt,
    },
    [asc(sql`lower(${treatmentCategories.name})`), asc(sql`lower(${treatments.name})`)],
    treatments.id,
  );
  const [total] = await db
    .select({ n: count() })
    .from(treatments)
    .innerJoin(treatmentCategories, eq(treatmentCategories.id, treatments.categoryId))
    .where(where);
  const rows = await base(db)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offsetOf(query));
  return toPage(url, query, total?.n ?? 0, rows.map(toRead));
};

/** The category must exist: an unknown id is the client's mistake (400 on `category`), never a 500. */
const categoryName = async (db: DbOrTx, categoryId: number) => {
  const [row] = await db.select({ name: treatmentCategories.name }).from(treatmentCategories).where(eq(treatmentCategories.id, categoryId));
  if (!row) throw fieldError('category', 'No such treatment category.');
  return row.name;
};

const duplicate = (name: string, category: string) => ({
  message: `A treatment named "${name}" already exists in ${category}.`,
  errors: { name: [`${category} already has a treatment with this name.`] },
});

/** Names are unique within a category, ignoring case. */
const assertNameFree = async (db: DbOrTx, name: string, categoryId: number, category: string, exceptId?: number) => {
  const conditions = [eq(treatments.categoryId, categoryId), eq(sql`lower(${treatments.name})`, name.toLowerCase())];
  if (exceptId !== undefined) conditions.push(ne(treatments.id, exceptId));
  const [clash] = await db.select({ id: treatments.id }).from(treatments).where(and(...conditions));
  if (clash) {
    const { message, errors } = duplicate(name, category);
    throw conflict(message, errors);
  }
};

export const createTreatment = async (db: Db, actorId: number, body: TreatmentBody): Promise<Treatment> => {
  let category = '';
  const id = await guardConstraints(
    () =>
      db.transaction(async (tx) => {
        category = await categoryName(tx, body.category);
        await assertNameFree(tx, body.name, body.category, category);
        const [row] = await tx
          .insert(treatments)
          .values({
            name: body.name,
            categoryId: body.category,
            durationMinutes: body.duration_minutes,
            price: body.price,
            description: body.description,
            isActive: body.is_active,
            createdBy: actorId,
            updatedBy: actorId,
          })
          .returning({ id: treatments.id });
        await audit(tx, { actorId, action: 'create', tableName: 'treatments', rowId: row!.id, after: await getTreatment(tx, row!.id) });
        return row!.id;
      }),
    {
      unique: () => duplicate(body.name, category),
      foreignKey: () => ({ message: 'Please correct the highlighted fields.', errors: { category: ['No such treatment category.'] } }),
    },
  );
  return getTreatment(db, id);
};

/** PUT sends every field, PATCH some; either way the result must satisfy the same rules. */
export const updateTreatment = async (db: Db, actorId: number, id: number, patch: TreatmentPatch): Promise<Treatment> => {
  let name = patch.name ?? '';
  let category = '';
  await guardConstraints(
    () =>
      db.transaction(async (tx) => {
        const before = await getTreatment(tx, id);
        const categoryId = patch.category ?? before.category;
        name = patch.name ?? before.name;
        category = categoryId === before.category ? before.category_name : await categoryName(tx, categoryId);
        if (name !== before.name || categoryId !== before.category) await assertNameFree(tx, name, categoryId, category, id);
        await tx
          .update(treatments)
          .set({
            name,
            categoryId,
            ...(patch.duration_minutes !== undefined && { durationMinutes: patch.duration_minutes }),
            ...(patch.price !== undefined && { price: patch.price }),
            ...(patch.description !== undefined && { description: patch.description }),
            ...(patch.is_active !== undefined && { isActive: patch.is_active }),
            updatedBy: actorId,
            updatedAt: sql`now()`,
          })
          .where(eq(treatments.id, id));
        await audit(tx, { actorId, action: 'update', tableName: 'treatments', rowId: id, before, after: await getTreatment(tx, id) });
      }),
    {
      unique: () => duplicate(name, category),
      foreignKey: () => ({ message: 'Please correct the highlighted fields.', errors: { category: ['No such treatment category.'] } }),
    },
  );
  return getTreatment(db, id);
};

export const deleteTreatment = async (db: Db, actorId: number, id: number): Promise<void> => {
  const advice = 'Deactivate it instead of deleting it.';
  await guardConstraints(
    () =>
      db.transaction(async (tx) => {
        const before = await getTreatment(tx, id);
        await assertNotInUse(tx, treatmentUsages, id, 'This treatment', advice);
        await tx.delete(treatments).where(eq(treatments.id, id));
        await audit(tx, { actorId, action: 'delete', tableName: 'treatments', rowId: id, before });
      }),
    { foreignKey: () => ({ message: `This treatment is in use. ${advice}` }) },
  );
};
