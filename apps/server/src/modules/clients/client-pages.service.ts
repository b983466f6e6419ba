import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Client, ClientQuery, Page } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { clientListVersion, clients, locations } from '../../db/schema/index';
import { toPage } from '../../lib/list';
import { keptPromises } from '../../lib/kept-per-version';
import { preparedOnce } from '../../lib/prepared';
import { type Scope } from '../../lib/scope';

import {
  clientColumns,
  clientFilter,
  filterPlaceholders,
  filterShape,
  filterValues,
  toClient,
} from './client-rows.service';

// ——— pages in name order, from cached page starts ———

/** Where every PAGE_STEP-th client of the name order is, and the count, for one filter. */
type PageStarts = { version: number; count: number; starts: { sortName: string; id: number }[] };

/**
 * One start per this many clients, whatever the page size: a page begins at most PAGE_STEP − 1
 * rows past a known start, and a filter keeps count / PAGE_STEP starts however it is paged.
 */
const PAGE_STEP = 100;

/** The clients table's version (migration 0008): raised by every statement that changes clients. */
const listVersion = sql<number>`(select ${clientListVersion.version} from ${clientListVersion})`.mapWith(Number);
const readListVersion = async (db: Db) =>
  (await db.select({ version: clientListVersion.version }).from(clientListVersion))[0]?.version ?? 0;

/** One page from the nearest start before it (skipping fewer than PAGE_STEP rows), with the table's version, per filter shape. */
const pageStatement = preparedOnce('client_page', (db, name, shape) =>
  db
    .select({ ...clientColumns, version: listVersion })
    .from(clients)
    .innerJoin(locations, eq(locations.id, clients.locationId))
    .where(
      and(
        ...filterPlaceholders(shape),
        sql`(${clients.sortName}, ${clients.id}) >= (${sql.placeholder('sortName')}, ${sql.placeholder('id')})`,
      ),
    )
    .orderBy(asc(clients.sortName), asc(clients.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('skip'))
    .prepare(name),
);

/** Sets of page starts kept per database (each at most count / PAGE_STEP starts); the oldest goes first past this many filters. */
const PAGE_STARTS_KEPT = 100;
const keptStarts = keptPromises<PageStarts>(PAGE_STARTS_KEPT);

/** One walk over the matching clients in name order, keeping every PAGE_STEP-th and the count. */
const readPageStarts = async (db: Db, where: SQL | undefined): Promise<PageStarts> => {
  // Read first: when nothing matches, the walk carries no version, and one read before it can
  // only be older than the data (so the starts are read again), never newer.
  const before = await readListVersion(db);
  const numbered = db
    .select({
      sortName: clients.sortName,
      id: clients.id,
      position: sql<number>`row_number() over (order by ${clients.sortName}, ${clients.id}) - 1`.as('position'),
    })
    .from(clients)
    .where(where)
    .as('numbered');
  const rows = await db
    // The count as its own scalar subquery: `count(*) over ()` would be a second pass over every row.
    .select({
      sortName: numbered.sortName,
      id: numbered.id,
      count: sql`(${db.select({ n: count() }).from(clients).where(where)})`.mapWith(Number),
      version: listVersion,
    })
    .from(numbered)
    .where(sql`${numbered.position} % ${PAGE_STEP} = 0`)
    .orderBy(asc(numbered.position));
  const version = rows[0]?.version ?? before;
  return { version, count: rows[0]?.count ?? 0, starts: rows.map(({ sortName, id }) => ({ sortName, id })) };
};

/**
 * The cached starts for this filter, read again (once, however many requests ask) when `stale` is
 * what is cached. `where` is built only then: a cached page needs no filter SQL.
 */
const pageStarts = (
  db: Db,
  key: string,
  where: () => SQL | undefined,
  stale?: Promise<PageStarts>,
): Promise<PageStarts> =>
  keptStarts(
    db,
    key,
    (entry) => entry.value !== stale,
    undefined,
    () => readPageStarts(db, where()),
  );

/**
 * A page in the default order (surname, given name, id) without a deep offset: the page starts
 * fewer than PAGE_STEP rows after a known (sort_name, id), so it is one short index range read
 * however deep it is, and the count comes with the starts. Each page read carries the table's
 * version; when a client was added, changed or removed since the starts were read, they are read
 * again and the page with them (docs/decisions/0402-search-at-20-concurrent.md).
 */
export const pageInNameOrder = async (db: Db, scope: Scope, query: ClientQuery, url: string): Promise<Page<Client>> => {
  const where = () => clientFilter(scope, query);
  const shape = filterShape(scope, query);
  const values = filterValues(scope, query);
  // Which filters and their values: what makes one set of page starts differ from another.
  const key = `${shape}|${JSON.stringify(values)}`;
  for (let attempt = 0; ; attempt += 1) {
    const cached = pageStarts(db, key, where);
    const { version, count: total, starts } = await cached;
    const offset = (query.page - 1) * query.pageSize;
    const start = starts[Math.floor(offset / PAGE_STEP)];
    const rows = start
      ? await pageStatement(db, shape).execute({
          ...values,
          sortName: start.sortName,
          id: start.id,
          skip: offset % PAGE_STEP,
          limit: query.pageSize,
        })
      : [];
    const current = rows[0]?.version ?? (await readListVersion(db));
    if (current === version || attempt > 0)
      return toPage(
        url,
        query,
        total,
        rows.map(({ version: _version, ...row }) => toClient(row)),
      );
    await pageStarts(db, key, where, cached);
  }
};
