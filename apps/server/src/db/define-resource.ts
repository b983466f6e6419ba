import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DeleteResult, GroupName, Page } from '@ginhawa/contract';
import type { Db, DbOrTx } from './client';
import { auditTrail } from './audit';
import type { ConstraintSentences } from './constraint-sentences';
import type { AppModule } from '../lib/app-module';
import type { AuthUser } from '../lib/actor';
import { assertFree } from '../lib/assert-free';
import { toCamel, toSnake } from '../lib/casing';
import { deleteOrDeactivate, deleteUnlessReferenced } from '../lib/delete';
import { conflict, notFound } from '../lib/http-error';
import { isoStamps } from '../lib/iso';
import { listPage, lower, searchWhere, totalRows } from '../lib/list';
import { resourceRoutes, type ResourceSchemas, type ResourceService } from '../lib/resource-routes';
import { createdBy, touched } from '../lib/tracked';

/** A plain resource's table: an id, the tracked() columns, and whatever else it holds. */
type ResourceTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  createdBy: PgColumn;
  updatedBy: PgColumn;
};
type RowOf<T extends ResourceTable> = T['$inferSelect'];
type Item<S extends ResourceSchemas> = z.input<S['item']> & object;
type Changes<S extends ResourceSchemas> = z.output<S['putBody']> | z.output<S['patchBody']>;

/** The uniqueness a write is checked for before it runs (the named unique index is the backstop). */
export type UniqueRule<T extends ResourceTable> = {
  /** The column that must be free (compared lower-cased when `caseInsensitive`). */
  column: keyof RowOf<T> & string;
  caseInsensitive?: boolean;
  /** Another column the uniqueness is scoped by (a bank's account number beside its name). */
  with?: keyof RowOf<T> & string;
  message: string | ((row: RowOf<T>) => string);
  /** The field the 409 names, and its shorter sentence. */
  field: string;
  fieldMessage?: string;
};

/**
 * One declaration of a plain resource (docs/architecture.md "How to add a resource"): its table,
 * its contract schemas, who may do what, how its list searches, filters and sorts, what must stay
 * unique, and how a row is named when it is deleted. What it gives: the service (list, get,
 * create, update, remove: paged, audited, `{message, errors}`), the six routes of
 * lib/resource-routes.ts, and an AppModule carrying the routes and the constraint sentences, so
 * listing it in modules/index.ts (or in a module's `routes`) is its one registration.
 */
export type ResourceDefinition<T extends ResourceTable, S extends ResourceSchemas> = {
  /** Below /api: `/banks` serves /api/banks/. */
  prefix: string;
  /** The OpenAPI tags; the prefix without its slash when absent. */
  tags?: string[];
  table: T;
  /** The audit log's table name: the table's own when absent. */
  tableName?: string;
  schemas: S;
  /** What people call one row: "No such bank account." */
  label: string;
  /** Who may read; every signed-in person when absent. */
  readers?: readonly GroupName[];
  /** Who may create, replace, change and delete. */
  writers: readonly GroupName[];
  creators?: readonly GroupName[];
  /** Its tables' constraint sentences (db/schema/<area>.ts). */
  constraints?: ConstraintSentences;
  /** Text columns `?search=` looks in, or a condition of the caller's own (what they may search by). */
  search: readonly (keyof RowOf<T> & string)[] | ((search: string, actor: AuthUser) => SQL | undefined);
  /** `?field=value` filters: the query field → the column it must equal. */
  filters?: Readonly<Record<string, keyof RowOf<T> & string>>;
  /** `?ordering=` fields → columns (text columns sort by lower()). */
  ordering: Readonly<Record<string, keyof RowOf<T> & string>>;
  /** The order without `?ordering=`: these columns, lower()ed when text. */
  defaultOrder: readonly (keyof RowOf<T> & string)[];
  /** Fields the API adds to the row's own (a masked number). */
  extra?: (row: RowOf<T>) => object;
  unique?: UniqueRule<T>;
  /** A delete: how the row is named in its sentence and why it is kept while in use. */
  remove: { name: (row: RowOf<T>) => string; inUse: string };
  /** What this caller reads of an item (a directory view for non-admins); the whole item when absent. */
  view?: (actor: AuthUser) => (item: Item<S>) => Item<S>;
  /** Refuses a list query this caller may not send (400), before any SQL. */
  checkQuery?: (query: z.output<S['listQuery']>, actor: AuthUser) => void;
};

const column = <T extends ResourceTable>(table: T, key: string) => (table as unknown as Record<string, PgColumn>)[key]!;

/** Text columns sort by lower(): names order the same whatever their case. */
const sortKey = (col: PgColumn): AnyColumn | SQL =>
  col.dataType === 'string' && col.columnType !== 'PgEnumColumn' ? lower(col) : col;

export const defineResource = <T extends ResourceTable, S extends ResourceSchemas>(
  def: ResourceDefinition<T, S>,
): AppModule & { service: ResourceService<S> } => {
  const { table } = def;
  const trail = auditTrail(def.tableName ?? getTableConfig(def.table).name);
  const id = table.id;
  const hasActive = 'isActive' in table;

  const toItem = (row: RowOf<T>): Item<S> => {
    const {
      createdBy: _by,
      updatedBy: _upBy,
      ...rest
    } = row as Record<string, unknown> & {
      createdAt: Date;
      updatedAt: Date;
    };
    return { ...toSnake(rest), ...def.extra?.(row), ...isoStamps(rest) } as unknown as Item<S>;
  };
  const viewOf = (actor: AuthUser) => def.view?.(actor) ?? ((item: Item<S>) => item);

  const findRow = async (db: DbOrTx, rowId: number, { lock = false } = {}): Promise<RowOf<T>> => {
    const query = db
      .select()
      .from(table as PgTable)
      .where(eq(id, rowId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(`No such ${def.label}.`);
    return row as RowOf<T>;
  };

  const assertUnique = async (tx: DbOrTx, row: Record<string, unknown>, exceptId?: number) => {
    const rule = def.unique;
    if (!rule) return;
    await assertFree(tx, table, column(table, rule.column), row[rule.column] as string, {
      caseInsensitive: rule.caseInsensitive,
      alsoWhere: rule.with ? eq(column(table, rule.with), row[rule.with]) : undefined,
      except: exceptId === undefined ? undefined : { column: id, value: exceptId },
      message: typeof rule.message === 'string' ? rule.message : rule.message(row as RowOf<T>),
      field: rule.field,
      fieldMessage: rule.fieldMessage,
    });
  };

  const list = async (db: Db, query: z.output<S['listQuery']>, url: string, actor: AuthUser) => {
    def.checkQuery?.(query, actor);
    const q = query as Record<string, unknown> & { search?: string; page: number; pageSize: number };
    const search =
      typeof def.search === 'function'
        ? q.search
          ? def.search(q.search, actor)
          : undefined
        : searchWhere(
            q.search,
            def.search.map((key) => column(table, key)),
          );
    const filters = Object.entries(def.filters ?? {}).map(([field, key]) =>
      q[field] === undefined ? undefined : eq(column(table, key), q[field]),
    );
    const view = viewOf(actor);
    const page: Page<Item<S>> = await listPage(url, q, {
      select: () =>
        db
          .select({ row: table as PgTable, total: totalRows })
          .from(table as PgTable)
          .$dynamic(),
      where: and(...filters, search),
      orderBy: Object.fromEntries(
        Object.entries(def.ordering).map(([field, key]) => [field, sortKey(column(table, key))]),
      ),
      defaultOrder: def.defaultOrder.map((key) => sortKey(column(table, key)) as SQL),
      tieBreaker: id,
      toItem: (r) => view(toItem(r.row as RowOf<T>)),
    });
    return page;
  };

  const get = async (db: Db, rowId: number, actor: AuthUser) => viewOf(actor)(toItem(await findRow(db, rowId)));

  const create = async (db: Db, actorId: number, input: z.output<S['createBody']>) =>
    db.transaction(async (tx) => {
      const values = toCamel(input as object) as Record<string, unknown>;
      await assertUnique(tx, values);
      const [row] = (await tx
        .insert(table)
        .values({ ...values, ...createdBy(actorId) } as T['$inferInsert'])
        .returning()) as unknown as RowOf<T>[];
      const created = row as RowOf<T> & { id: number };
      return trail.created(tx, actorId, created.id, toItem(created));
    });

  /** PUT sends every field, PATCH some: both land here with the fields to change. */
  const update = async (db: Db, actorId: number, rowId: number, changes: Changes<S>) =>
    db.transaction(async (tx) => {
      const before = await findRow(tx, rowId, { lock: true });
      const values = toCamel(changes as object) as Record<string, unknown>;
      const rule = def.unique;
      if (rule && (values[rule.column] !== undefined || (rule.with && values[rule.with] !== undefined)))
        await assertUnique(tx, { ...(before as object), ...values }, rowId);
      const [row] = (await tx
        .update(table)
        .set({ ...values, ...touched(actorId) } as Partial<T['$inferInsert']>)
        .where(eq(id, rowId))
        .returning()) as unknown as RowOf<T>[];
      return trail.changed(tx, actorId, rowId, toItem(before), toItem(row as RowOf<T>));
    });

  /**
   * Deletes a row nothing refers to. One in use is deactivated when the table has `is_active`
   * (past records keep it), or refused with a 409 when it has not.
   */
  const remove = async (db: Db, actorId: number, rowId: number): Promise<DeleteResult> =>
    db.transaction(async (tx) => {
      const before = await findRow(tx, rowId, { lock: true });
      const label = def.remove.name(before);
      const drop = (sp: DbOrTx) => sp.delete(table).where(eq(id, rowId));
      if (!hasActive) {
        if (!(await deleteUnlessReferenced(tx, drop)))
          throw conflict(`${label} ${def.remove.inUse}, so it cannot be deleted.`);
        return trail.removed(
          tx,
          actorId,
          rowId,
          { result: 'deleted', message: `${label} deleted.` } as const,
          toItem(before),
        );
      }
      let after: Item<S> | null = null;
      const result = await deleteOrDeactivate(tx, {
        label,
        inUse: def.remove.inUse,
        isActive: (before as { isActive: boolean }).isActive,
        remove: drop,
        deactivate: async () => {
          const [row] = (await tx
            .update(table)
            .set({ isActive: false, ...touched(actorId) } as unknown as Partial<T['$inferInsert']>)
            .where(eq(id, rowId))
            .returning()) as unknown as RowOf<T>[];
          after = toItem(row as RowOf<T>);
        },
      });
      return trail.removed(tx, actorId, rowId, result, toItem(before), after);
    });

  const service: ResourceService<S> = { list, get, create, update, remove };
  const plugin: FastifyPluginAsyncZod = async (app) => {
    resourceRoutes(app, {
      tags: def.tags ?? [def.prefix.replace(/^\//, '')],
      readers: def.readers,
      writers: def.writers,
      creators: def.creators,
      schemas: def.schemas,
      service,
    });
  };
  return { routes: [{ prefix: def.prefix, plugin }], constraints: def.constraints, service };
};
