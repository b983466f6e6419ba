import { and, asc, count, desc, eq, inArray, like, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Client,
  ClientSearchResult,
  DeleteResult,
  Page,
  clientBodySchema,
  clientListQuerySchema,
  clientPatchSchema,
  clientSearchQuerySchema,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { clientListVersion, clients, locations } from '../../db/schema/index';
import { auditTrail } from '../../db/audit';
import { deleteOrDeactivate } from '../../lib/delete';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toCamel, toSnake } from '../../lib/casing';
import { likePattern, listPage, lower, toPage } from '../../lib/list';
import { keptPromises } from '../../lib/kept-per-version';
import { preparedOnce } from '../../lib/prepared';
import { fold, foldSql } from '../../lib/fold';
import { createdBy, touched } from '../../lib/tracked';
import type { AuthUser } from '../../lib/actor';
import { scopeWhere, type Scope } from '../../lib/scope';
import { CLIENTS_READ_BY_ALL, assertWritable } from './scope';

const clientsAudit = auditTrail('clients');

export type ClientInput = z.output<typeof clientBodySchema>;
export type ClientChanges = z.output<typeof clientPatchSchema>;
export type ClientQuery = z.output<typeof clientListQuerySchema>;
export type ClientSearch = z.output<typeof clientSearchQuerySchema>;

export const clientColumns = {
  id: clients.id,
  firstName: clients.firstName,
  lastName: clients.lastName,
  phone: clients.phone,
  email: clients.email,
  birthdate: clients.birthdate,
  gender: clients.gender,
  address: clients.address,
  notes: clients.notes,
  locationId: clients.locationId,
  locationName: locations.name,
  isActive: clients.isActive,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};
type ClientRow = {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string;
  birthdate: string | null;
  gender: string | null;
  address: string;
  notes: string;
  locationId: number;
  locationName: string;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** The API object: what reads answer and what audit rows keep as before/after. */
export const toClient = (r: ClientRow): Client => ({
  ...toSnake(r, { locationId: 'location' }),
  full_name: `${r.firstName} ${r.lastName}`,
  gender: r.gender as Client['gender'],
  ...isoStamps(r),
});

export const selectClients = (db: DbOrTx) =>
  db.select(clientColumns).from(clients).innerJoin(locations, eq(locations.id, clients.locationId));

/** Surname then given name: the clients_sort_name_idx / clients_location_sort_name_idx order. */
const DEFAULT_ORDER = [asc(clients.sortName)];

/** Filters shared by the list and the CSV export. */
export const clientFilter = (
  scope: Scope,
  query: { location?: number; is_active?: boolean; search?: string },
): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [scopeWhere(scope, clients.locationId)];
  if (query.location !== undefined) conditions.push(eq(clients.locationId, query.location));
  if (query.is_active !== undefined) conditions.push(eq(clients.isActive, query.is_active));
  if (query.search) conditions.push(matchesAll(searchTerms(query.search).patterns));
  return and(...conditions);
};

/**
 * A page of clients through listPage's deferred join: the page's ids come from an index-only
 * walk of the name index while the total is counted beside it, then only those rows are read in
 * full (docs/decisions/0400-clients.md). The default order without a search, what the list
 * screen asks for nearly always, skips both: see pageInNameOrder.
 */
export const listClients = async (db: Db, _user: AuthUser, query: ClientQuery, url: string): Promise<Page<Client>> => {
  if (!query.search && !query.ordering?.length) return pageInNameOrder(db, CLIENTS_READ_BY_ALL, query, url);
  return listPage(url, query, {
    select: () => db.select({ id: clients.id }).from(clients).$dynamic(),
    count: async (where) => (await db.select({ n: count() }).from(clients).where(where))[0]?.n ?? 0,
    where: clientFilter(CLIENTS_READ_BY_ALL, query),
    orderBy: {
      last_name: clients.sortName,
      first_name: lower(clients.firstName),
      created_at: clients.createdAt,
      id: clients.id,
    },
    defaultOrder: DEFAULT_ORDER,
    tieBreaker: clients.id,
    load: async (page) => {
      const ids = page.map((r) => r.id);
      if (!ids.length) return [];
      const position = new Map(ids.map((id, i) => [id, i]));
      const rows = await selectClients(db).where(inArray(clients.id, ids));
      return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!).map(toClient);
    },
  });
};

// ——— the list's filters as placeholders, for prepared statements (lib/prepared.ts) ———

type ListFilters = { location?: number; is_active?: boolean };

/** Which filters a request gives (never their values): part of a prepared statement's shape. */
const filterShape = (scope: Scope, query: ListFilters) =>
  `${scope.all ? 'all' : scope.locationIds.length}_${query.location === undefined ? '' : 'location'}_${query.is_active === undefined ? '' : 'active'}`;

/** The values for filterPlaceholders' placeholders. */
const filterValues = (scope: Scope, query: ListFilters): Record<string, unknown> => {
  const values: Record<string, unknown> = { location: query.location, active: query.is_active };
  if (!scope.all) scope.locationIds.forEach((id, i) => (values[`scope${i}`] = id));
  return values;
};

/** clientFilter's conditions with placeholders, for the shape filterShape wrote (its last three parts). */
const filterPlaceholders = (shape: string): (SQL | undefined)[] => {
  const [scope, location, active] = shape.split('_').slice(-3) as [string, string, string];
  const scopeIds =
    scope === 'all' ? undefined : Array.from({ length: Number(scope) }, (_, i) => sql.placeholder(`scope${i}`));
  return [
    scopeIds && (scopeIds.length ? inArray(clients.locationId, scopeIds) : sql`false`),
    location === 'location' ? eq(clients.locationId, sql.placeholder('location')) : undefined,
    active === 'active' ? eq(clients.isActive, sql.placeholder('active')) : undefined,
  ];
};

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
const pageInNameOrder = async (db: Db, scope: Scope, query: ClientQuery, url: string): Promise<Page<Client>> => {
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
    if (current === version || attempt > 0) return toPage(url, query, total, rows.map(toClient));
    await pageStarts(db, key, where, cached);
  }
};

/**
 * How a search text is read: phone digits in any common form (0917…, +63917…, 917 123 4567),
 * an email, or name words in any order. Each pattern must match the trigram-indexed
 * search_text; `exact` is what ranks best (the whole phone or email, or the name typed).
 */
type SearchTerms = { kind: 'phone' | 'email' | 'name'; patterns: string[]; exact: string };
const searchTerms = (text: string): SearchTerms => {
  // Folded as search_text is (lib/fold.ts): "Osmena" and "Osmeña" read the same (decision 0412).
  const q = fold(text.trim());
  const digits = q.replace(/\D/g, '');
  if (/^[+\d\s().-]+$/.test(q) && digits.length >= 3) {
    let national = digits;
    if (q.startsWith('+63') || (digits.startsWith('63') && digits.length >= 11)) national = digits.slice(2);
    else if (digits.startsWith('0')) national = digits.slice(1);
    return { kind: 'phone', patterns: [likePattern(national)], exact: `+63${national}` };
  }
  if (q.includes('@')) return { kind: 'email', patterns: [likePattern(q)], exact: q };
  return { kind: 'name', patterns: q.split(/\s+/).filter(Boolean).slice(0, 6).map(likePattern), exact: q };
};

const matchesAll = (patterns: readonly (string | SQLWrapper)[]) =>
  and(...patterns.map((p) => like(clients.searchText, p)))!;

/** How many matches a search ranks at most (see searchClients). */
export const SEARCH_CANDIDATES = 100;

/**
 * The search as a prepared statement per shape (kind, word count, how many locations the caller
 * is limited to, which filters are given); every value is a placeholder.
 * Ranked among the first SEARCH_CANDIDATES matches the trigram index yields: a common surname
 * alone ("santos") matches thousands, and ranking them all costs more than the answer is worth.
 * The candidates carry their columns, so the winners are not read from the table a second time.
 */
const searchStatement = preparedOnce('client_search', (db, name, shape) => {
  const [kind, words] = shape.split('_') as [SearchTerms['kind'], string];
  const { locationName: _joined, ...columns } = clientColumns;
  const candidate = db
    .select({ ...columns, sortName: clients.sortName })
    .from(clients)
    .where(
      and(
        matchesAll(Array.from({ length: Number(words) }, (_, i) => sql.placeholder(`w${i}`))),
        ...filterPlaceholders(shape),
      ),
    )
    .limit(SEARCH_CANDIDATES)
    .as('candidate');
  const exact = sql.placeholder('exact');
  const rank =
    kind === 'phone'
      ? sql`${candidate.phone} = ${exact}`
      : kind === 'email'
        ? sql`${candidate.email} = ${exact}`
        : sql`similarity(${foldSql(sql`${candidate.firstName} || ' ' || ${candidate.lastName}`)}, ${exact})`;
  return db
    .select({ ...candidate._.selectedFields, locationName: locations.name })
    .from(candidate)
    .innerJoin(locations, eq(locations.id, candidate.locationId))
    .orderBy(desc(candidate.isActive), desc(rank), asc(candidate.sortName), asc(candidate.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
});

/**
 * Best matches first: exact phone/email, then name similarity; active clients before inactive ones.
 * One more than `limit` is read, so the answer can say there are more (`more`: "refine").
 */
export const searchClients = async (db: Db, _user: AuthUser, query: ClientSearch): Promise<ClientSearchResult> => {
  const terms = searchTerms(query.q);
  const scope = CLIENTS_READ_BY_ALL;
  const values: Record<string, unknown> = {
    ...filterValues(scope, query),
    exact: terms.exact,
    limit: query.limit + 1,
  };
  terms.patterns.forEach((p, i) => (values[`w${i}`] = p));
  const rows = await searchStatement(db, `${terms.kind}_${terms.patterns.length}_${filterShape(scope, query)}`).execute(
    values,
  );
  return { results: rows.slice(0, query.limit).map(toClient), more: rows.length > query.limit };
};

/** A client (every staff member reads every client: decision 0410), else 404; `lock` holds the row for the write that follows. */
export const getClient = async (db: DbOrTx, _user: AuthUser, id: number, { lock = false } = {}): Promise<Client> => {
  const query = selectClients(db).where(eq(clients.id, id));
  const [row] = lock ? await query.for('update', { of: clients }) : await query;
  if (!row) throw notFound('No such client.');
  return toClient(row);
};

export const locationName = async (db: DbOrTx, id: number, field = 'location') => {
  const [row] = await db
    .select({ name: locations.name, isActive: locations.isActive })
    .from(locations)
    .where(eq(locations.id, id));
  if (!row) throw fieldError(field, 'No such location.');
  return row;
};

/**
 * Not assertFree: phones are not unique (relatives share one), so this is a confirmation the
 * request can give (`allow_duplicate_phone`), and its 409 names the client who has the number.
 */
const assertPhoneFree = async (
  db: DbOrTx,
  phone: string | null | undefined,
  allowDuplicate: boolean | undefined,
  exceptId?: number,
) => {
  if (!phone || allowDuplicate) return;
  const [clash] = await db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(and(eq(clients.phone, phone), exceptId === undefined ? undefined : ne(clients.id, exceptId)))
    .orderBy(asc(clients.id))
    .limit(1);
  if (clash) {
    const message = `${clash.firstName} ${clash.lastName} (client #${clash.id}) already has this phone number. Send allow_duplicate_phone: true to add another client with it.`;
    throw conflict(message, { phone: [message] });
  }
};

/** API fields → columns, for insert, import and update alike; `allow_duplicate_phone` is a request, not a column. */
export const toColumns = <T extends ClientChanges>({ allow_duplicate_phone: _allow, ...fields }: T) =>
  toCamel(fields, { location: 'locationId' });

/** Staff at the client's home location (if it is open), Managers at theirs, Admins anywhere. */
export const createClient = async (db: Db, user: AuthUser, input: ClientInput): Promise<Client> =>
  db.transaction(async (tx) => {
    const location = await locationName(tx, input.location);
    if (!location.isActive)
      throw fieldError('location', `${location.name} is closed (inactive); choose an open location.`);
    assertWritable(user, input.location, location.name);
    await assertPhoneFree(tx, input.phone, input.allow_duplicate_phone);
    const [row] = await tx
      .insert(clients)
      .values({ ...toColumns(input), ...createdBy(user.id) })
      .returning({ id: clients.id });
    return clientsAudit.created(tx, user.id, row!.id, await getClient(tx, user, row!.id));
  });

/** PUT (every field) and PATCH (some): Managers at the client's (and the new) location, Admins anywhere. */
export const updateClient = async (db: Db, user: AuthUser, id: number, changes: ClientChanges): Promise<Client> =>
  db.transaction(async (tx) => {
    const before = await getClient(tx, user, id, { lock: true });
    assertWritable(user, before.location, before.location_name);
    if (changes.location !== undefined && changes.location !== before.location) {
      const target = await locationName(tx, changes.location);
      assertWritable(user, changes.location, target.name);
    }
    if (changes.phone !== before.phone) await assertPhoneFree(tx, changes.phone, changes.allow_duplicate_phone, id);
    await tx
      .update(clients)
      .set({ ...toColumns(changes), ...touched(user.id) })
      .where(eq(clients.id, id));
    return clientsAudit.changed(tx, user.id, id, before, await getClient(tx, user, id));
  });

/** Deletes a client with no history; one with memberships, vouchers, arrivals or sales is deactivated. */
export const deleteClient = async (db: Db, user: AuthUser, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await getClient(tx, user, id, { lock: true });
    assertWritable(user, before.location, before.location_name);
    let after: Client | null = null;
    const result = await deleteOrDeactivate(tx, {
      label: `Client ${before.full_name}`,
      inUse: 'has history (memberships, vouchers, arrivals or sales)',
      isActive: before.is_active,
      remove: (sp) => sp.delete(clients).where(eq(clients.id, id)),
      deactivate: async () => {
        await tx
          .update(clients)
          .set({ isActive: false, ...touched(user.id) })
          .where(eq(clients.id, id));
        after = await getClient(tx, user, id);
      },
    });
    return clientsAudit.removed(tx, user.id, id, result, before, after);
  });

/** What the resource routes call (lib/resource-routes.ts); where the actor may act is decided here (scope.ts). */
export const clientsService = {
  list: (db: Db, query: ClientQuery, url: string, actor: AuthUser) => listClients(db, actor, query, url),
  get: (db: Db, id: number, actor: AuthUser) => getClient(db, actor, id),
  create: (db: Db, _actorId: number, body: ClientInput, actor: AuthUser) => createClient(db, actor, body),
  update: (db: Db, _actorId: number, id: number, body: ClientChanges, actor: AuthUser) =>
    updateClient(db, actor, id, body),
  remove: (db: Db, _actorId: number, id: number, actor: AuthUser) => deleteClient(db, actor, id),
};
