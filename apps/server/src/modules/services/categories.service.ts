import { eq, ilike, sql, type SQL } from 'drizzle-orm';
import type {
  CategoryChanges,
  CategoryInput,
  CategoryListQuery,
  DeleteResult,
  MembershipCategory,
  Page,
  TreatmentCategory,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { membershipCategories, membershipCategoryLinks, treatmentCategories, treatments } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { auditTrail } from '../../db/audit';
import { notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toSnake } from '../../lib/casing';
import { likePattern, listPage, lower, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import { outer } from './common';
import { assertNotInUse, membershipCategoryUsages, treatmentCategoryUsages, type UsageCheck } from './in-use.service';

/**
 * Treatment categories and membership categories have the same shape and rules (name unique,
 * case-insensitive; deleting one in use is a 409), so one implementation serves both.
 */
const categoryService = <
  Row extends { id: number; name: string; description: string; created_at: string; updated_at: string },
>(spec: {
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
  const toRead = ({ count, ...r }: Selected) =>
    ({ ...toSnake(r), [spec.countKey]: count, ...isoStamps(r) }) as unknown as Row;

  const assertNameFree = (db: DbOrTx, name: string, exceptId?: number) =>
    assertFree(db, table, table.name, name, {
      caseInsensitive: true,
      except: exceptId === undefined ? undefined : { column: table.id, value: exceptId },
      message: `A ${spec.label} named "${name}" already exists.`,
      field: 'name',
      fieldMessage: `A ${spec.label} with this name already exists.`,
    });

  const trail = auditTrail(spec.tableName);

  const get = async (db: DbOrTx, id: number): Promise<Row> => {
    const [row] = await db.select(columns).from(table).where(eq(table.id, id));
    if (!row) throw notFound(`No such ${spec.label}.`);
    return toRead(row);
  };

  const list = async (db: Db, query: CategoryListQuery, url: string): Promise<Page<Row>> =>
    listPage(url, query, {
      select: () =>
        db
          .select({ ...columns, total: totalRows })
          .from(table)
          .$dynamic(),
      where: query.search ? ilike(table.name, likePattern(query.search)) : undefined,
      orderBy: {
        name: lower(table.name),
        [spec.countKey]: countColumn,
        created_at: table.createdAt,
        updated_at: table.updatedAt,
      },
      defaultOrder: [lower(table.name)],
      tieBreaker: table.id,
      toItem: toRead,
    });

  const create = async (db: Db, actorId: number, body: CategoryInput): Promise<Row> =>
    db.transaction(async (tx) => {
      await assertNameFree(tx, body.name);
      const [row] = await tx
        .insert(table)
        .values({ name: body.name, description: body.description, ...createdBy(actorId) })
        .returning({ id: table.id });
      return trail.created(tx, actorId, row!.id, await get(tx, row!.id));
    });

  const update = async (db: Db, actorId: number, id: number, patch: CategoryChanges): Promise<Row> =>
    db.transaction(async (tx) => {
      const before = await get(tx, id);
      if (patch.name !== undefined) await assertNameFree(tx, patch.name, id);
      await tx
        .update(table)
        .set({ name: patch.name, description: patch.description, ...touched(actorId) })
        .where(eq(table.id, id));
      return trail.changed(tx, actorId, id, before, await get(tx, id));
    });

  /** Only an unused category is deleted; one in use is a 409 naming the uses. */
  const remove = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
    db.transaction(async (tx) => {
      const before = await get(tx, id);
      await assertNotInUse(tx, spec.usages, id, `This ${spec.label}`, 'Move or delete what uses it first.');
      await tx.delete(table).where(eq(table.id, id));
      const message = `${spec.label[0]!.toUpperCase()}${spec.label.slice(1)} “${before.name}” deleted.`;
      return trail.removed(tx, actorId, id, { result: 'deleted', message } as const, before);
    });

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
