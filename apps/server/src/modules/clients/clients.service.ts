import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  Client,
  ClientChanges,
  ClientInput,
  ClientQuery,
  ClientSearchParams,
  ClientSearchResult,
  DeleteResult,
  Page,
} from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { clients, locations } from '../../db/schema/index';
import { auditTrail } from '../../db/audit';
import { deleteOrDeactivate } from '../../lib/delete';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { toCamel } from '../../lib/casing';
import { listPage, lower } from '../../lib/list';
import { preparedOnce } from '../../lib/prepared';
import { foldSql } from '../../lib/fold';
import { createdBy, touched } from '../../lib/tracked';
import type { AuthUser } from '../../lib/actor';
import { CLIENTS_READ_BY_ALL, assertWritable } from './scope';
import {
  DEFAULT_ORDER,
  clientColumns,
  clientFilter,
  filterPlaceholders,
  filterShape,
  filterValues,
  matchesAll,
  searchTerms,
  type SearchTerms,
  selectClients,
  toClient,
} from './client-rows.service';
import { pageInNameOrder } from './client-pages.service';

const clientsAudit = auditTrail('clients');

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
export const searchClients = async (
  db: Db,
  _user: AuthUser,
  query: ClientSearchParams,
): Promise<ClientSearchResult> => {
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
  return {
    results: rows.slice(0, query.limit).map(({ sortName: _sortName, ...row }) => toClient(row)),
    more: rows.length > query.limit,
  };
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
