import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { categoryBodySchema, categoryPatchSchema, MembershipCategory, Page, PageQuery, TreatmentCategory } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { membershipCategories, membershipCategoryLinks, treatmentCategories, treatments } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-error';
import { likePattern, offsetOf, orderingOf, toPage } from '../../lib/pagination';
import { guardConstraints, iso, outer } from './common';
import { assertNotInUse, membershipCategoryUsages, treatmentCategoryUsages, type UsageCheck } from './in-use';

type CategoryBody = z.output<typeof categoryBodySchema>;
type CategoryPatch = z.output<typeof categoryPatchSchema>;

/**
 * Treatment categories and membership categories have the same shape and rules (name unique,
 * case-insensitive; deleting one in use is a 409), so one implementation serves both.
 */
const categoryService = <Row extends { id: number; name: string; description: string; created_at: string; updated_at: string }>(spec: {
  table: typeof treatmentCategories | typeof membershipCategories;
  tableName: string;
  /** What the UI calls it, e.g. "treatment category". */
  label: string;
  usages: readonly UsageCheck[];
  /** The per-row count column (treatments in it, memberships listed under it). */
  countKey: string;
  countSql: SQL<number>;
}) => {
  const { table } = spec;
  const countColumn = spec.countSql.mapWith(Number);
  const columns = {
    id: table.id,
    name: table.name,
    description: table.description,
    count: countColumn,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
  type Selected = { id: number; name: string; description: string; count: number; createdAt: Date; updatedAt: Date };
  const toRead = (r: Selected) =>
    ({ id: r.id, name: r.name, description: r.description, [spec.countKey]: r.count, created_at: iso(r.createdAt), updated_at: iso(r.updatedAt) }) as unknown as Row;

  const duplicate = (name: string) => ({ message: `A ${spec.label} named "${name}" already exists.`, errors: { name: [`A ${spec.label} with this name already exists.`] } });

  const assertNameFree = async (db: DbOrTx, name: string, exceptId?: number) => {
    const conditions = [eq(sql`lower(${table.name})`, name.toLowerCase())];
    if (exceptId !== undefined) conditions.push(ne(table.id, exceptId));
    const [clash] = await db.select({ id: table.id }).from(table).where(and(...conditions));
    if (clash) {
      const { message, errors } = duplicate(name);
      throw conflict(message, errors);
    }
  };

  const get = async (db: DbOrTx, id: number): Promise<Row> => {
    const [row] = await db.select(columns).from(table).where(eq(table.id, id));
    if (!row) throw notFound(`No such ${spec.label}.`);
    return toRead(row);
  };

  const list = async (db: Db, query: PageQuery, url: string): Promise<Page<Row>> => {
    const where = query.search ? ilike(table.name, likePattern(query.search)) : undefined;
    const order = orderingOf(
      query.ordering,
      { name: sql`lower(${table.name})`, [spec.countKey]: countColumn, created_at: table.createdAt, updated_at: table.updatedAt },
      [asc(sql`lower(${table.name})`)],
      table.id,
    );
    const [total] = await db.select({ n: count() }).from(table).where(where);
    const rows = await db
      .select(columns)
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offsetOf(query));
    return toPage(url, query, total?.n ?? 0, rows.map(toRead));
  };

  const create = async (db: Db, actorId: number, body: CategoryBody): Promise<Row> => {
    const id = await guardConstraints(
      () =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, body.name);
          const [row] = await tx
            .insert(table)
            .values({ name: body.name, description: body.description, createdBy: actorId, updatedBy: actorId })
            .returning({ id: table.id });
          const created = await get(tx, row!.id);
          await audit(tx, { actorId, action: 'create', tableName: spec.tableName, rowId: row!.id, after: created });
          return row!.id;
        }),
      { unique: () => duplicate(body.name) },
    );
    return get(db, id);
  };

  const update = async (db: Db, actorId: number, id: number, patch: CategoryPatch): Promise<Row> => {
    await guardConstraints(
      () =>
        db.transaction(async (tx) => {
          const before = await get(tx, id);
          if (patch.name !== undefined) await assertNameFree(tx, patch.name, id);
          await tx
            .update(table)
            .set({ ...(patch.name !== undefined && { name: patch.name }), ...(patch.description !== undefined && { description: patch.description }), updatedBy: actorId, updatedAt: sql`now()` })
            .where(eq(table.id, id));
          await audit(tx, { actorId, action: 'update', tableName: spec.tableName, rowId: id, before, after: await get(tx, id) });
        }),
      { unique: () => duplicate(patch.name ?? '') },
    );
    return get(db, id);
  };

  const remove = async (db: Db, actorId: number, id: number): Promise<void> => {
    const subject = `This ${spec.label}`;
    await guardConstraints(
      () =>
        db.transaction(async (tx) => {
          const before = await get(tx, id);
          await assertNotInUse(tx, spec.usages, id, subject, 'Move or delete what uses it first.');
          await tx.delete(table).where(eq(table.id, id));
          await audit(tx, { actorId, action: 'delete', tableName: spec.tableName, rowId: id, before });
        }),
      { foreignKey: () => ({ message: `${subject} is in use. Move or delete what uses it first.` }) },
    );
  };

  return { get, list, create, update, remove };
};

export const treatmentCategoriesService = categoryService<TreatmentCategory>({
  table: treatmentCategories,
  tableName: 'treatment_categories',
  label: 'treatment category',
  usages: treatmentCategoryUsages,
  countKey: 'treatments_count',
  countSql: sql<number>`(select count(*) from ${treatments} where ${treatments.categoryId} = ${outer('treatment_categories', 'id')})`,
});

export const membershipCategoriesService = categoryService<MembershipCategory>({
  table: membershipCategories,
  tableName: 'membership_categories',
  label: 'membership category',
  usages: membershipCategoryUsages,
  countKey: 'memberships_count',
  countSql: sql<number>`(select count(*) from ${membershipCategoryLinks} where ${membershipCategoryLinks.categoryId} = ${outer('membership_categories', 'id')})`,
});
