import { and, asc, count, desc, eq, inArray, like, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Client, ClientSearchResult, DeleteResult, Page, clientBodySchema, clientListQuerySchema, clientPatchSchema, clientSearchQuerySchema } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { clients, locations } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { deleteUnlessReferenced } from '../../lib/delete';
import { likePattern, offsetOf, orderOf, toPage } from '../../lib/list';
import type { AuthUser } from '../users/auth.service';
import { assertWritable, inScope, readScope, scopeCondition, type Scope } from './scope';

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
  id: r.id,
  first_name: r.firstName,
  last_name: r.lastName,
  full_name: `${r.firstName} ${r.lastName}`,
  phone: r.phone,
  email: r.email,
  birthdate: r.birthdate,
  gender: r.gender as Client['gender'],
  address: r.address,
  notes: r.notes,
  location: r.locationId,
  location_name: r.locationName,
  is_active: r.isActive,
  created_at: new Date(r.createdAt).toISOString(),
  updated_at: new Date(r.updatedAt).toISOString(),
});

export const selectClients = (db: DbOrTx) => db.select(clientColumns).from(clients).innerJoin(locations, eq(locations.id, clients.locationId));

const ORDERING = {
  last_name: clients.sortName,
  first_name: sql`lower(${clients.firstName})`,
  created_at: clients.createdAt,
  id: clients.id,
};
/** Surname then given name: the clients_sort_name_idx / clients_location_sort_name_idx order. */
const DEFAULT_ORDER = [asc(clients.sortName)];

/** The one list query: a page of clients matching `where`, in `order`, with the total. */
const clientPage = async (db: Db, where: SQL | undefined, order: SQL[], query: Pick<ClientQuery, 'page' | 'pageSize'>, url: string): Promise<Page<Client>> => {
  // Deferred join: the page's ids come from an index-only walk of the name index (cheap even at
  // offset 90,000); only those 100 rows are then read in full (docs/decisions/0400-clients.md).
  // The count and the page run side by side (two pool connections on PostgreSQL).
  const pageIds = db.select({ id: clients.id }).from(clients).where(where).orderBy(...order).limit(query.pageSize).offset(offsetOf(query));
  const [[total], rows] = await Promise.all([db.select({ n: count() }).from(clients).where(where), selectClients(db).where(inArray(clients.id, pageIds)).orderBy(...order)]);
  return toPage(url, query, total?.n ?? 0, rows.map(toClient));
};

/** Filters shared by the list and the CSV export. */
export const clientFilter = (scope: Scope, query: { location?: number; is_active?: boolean; search?: string }): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope, clients.locationId)];
  if (query.location !== undefined) conditions.push(eq(clients.locationId, query.location));
  if (query.is_active !== undefined) conditions.push(eq(clients.isActive, query.is_active));
  if (query.search) conditions.push(searchCondition(query.search).where);
  return and(...conditions);
};

export const clientOrder = (ordering: string | undefined) => orderOf(ordering ? [ordering] : undefined, { orderBy: ORDERING, defaultOrder: DEFAULT_ORDER, tieBreaker: clients.id });

export const listClients = async (db: Db, user: AuthUser, query: ClientQuery, url: string) =>
  clientPage(db, clientFilter(readScope(user), query), clientOrder(query.ordering), query, url);

/**
 * How a search text is read: phone digits in any common form (0917…, +63917…, 917 123 4567),
 * an email, or name words in any order. All three use the trigram index on search_text.
 */
const searchCondition = (text: string): { where: SQL; rank: SQL[] } => {
  const q = text.trim().toLowerCase();
  const digits = q.replace(/\D/g, '');
  if (/^[+\d\s().-]+$/.test(q) && digits.length >= 3) {
    let national = digits;
    if (q.startsWith('+63') || (digits.startsWith('63') && digits.length >= 11)) national = digits.slice(2);
    else if (digits.startsWith('0')) national = digits.slice(1);
    return { where: like(clients.searchText, likePattern(national)), rank: [desc(sql`${clients.phone} = ${`+63${national}`}`)] };
  }
  if (q.includes('@')) return { where: like(clients.searchText, likePattern(q)), rank: [desc(sql`${clients.email} = ${q}`)] };
  const words = q.split(/\s+/).filter(Boolean).slice(0, 6);
  const name = sql`lower(${clients.firstName} || ' ' || ${clients.lastName})`;
  return {
    where: and(...words.map((w) => like(clients.searchText, likePattern(w))))!,
    rank: [desc(sql`similarity(${name}, ${q})`)],
  };
};

/** How many matches a search ranks at most (see searchClients). */
export const SEARCH_CANDIDATES = 300;

/** Best matches first: exact phone/email, then name similarity; active clients before inactive ones. */
export const searchClients = async (db: Db, user: AuthUser, query: ClientSearch): Promise<ClientSearchResult> => {
  const { where, rank } = searchCondition(query.q);
  const conditions: (SQL | undefined)[] = [where, scopeCondition(readScope(user), clients.locationId)];
  if (query.location !== undefined) conditions.push(eq(clients.locationId, query.location));
  if (query.is_active !== undefined) conditions.push(eq(clients.isActive, query.is_active));
  // Ranked among the first SEARCH_CANDIDATES matches the trigram index yields: a common surname
  // alone ("santos") matches thousands, and ranking them all costs more than the answer is worth.
  const candidates = db.select({ id: clients.id }).from(clients).where(and(...conditions)).limit(SEARCH_CANDIDATES);
  const rows = await selectClients(db)
    .where(inArray(clients.id, candidates))
    .orderBy(desc(clients.isActive), ...rank, ...DEFAULT_ORDER, asc(clients.id))
    .limit(query.limit);
  return { results: rows.map(toClient) };
};

/** A client the caller may read, else 404. */
export const getClient = async (db: DbOrTx, user: AuthUser, id: number): Promise<Client> => {
  const [row] = await selectClients(db).where(eq(clients.id, id));
  if (!row || !inScope(readScope(user), row.locationId)) throw notFound('No such client.');
  return toClient(row);
};

export const locationName = async (db: DbOrTx, id: number, field = 'location') => {
  const [row] = await db.select({ name: locations.name, isActive: locations.isActive }).from(locations).where(eq(locations.id, id));
  if (!row) throw fieldError(field, 'No such location.');
  return row;
};

const assertPhoneFree = async (db: DbOrTx, phone: string | null, allowDuplicate: boolean, exceptId?: number) => {
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

export const createClient = async (db: Db, user: AuthUser, input: ClientInput): Promise<Client> =>
  db.transaction(async (tx) => {
    const location = await locationName(tx, input.location);
    if (!location.isActive) throw fieldError('location', `${location.name} is closed (inactive); choose an open location.`);
    assertWritable(user, input.location, location.name);
    await assertPhoneFree(tx, input.phone, input.allow_duplicate_phone);
    const [row] = await tx
      .insert(clients)
      .values({
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        email: input.email,
        birthdate: input.birthdate,
        gender: input.gender,
        address: input.address,
        notes: input.notes,
        locationId: input.location,
        isActive: input.is_active,
        createdBy: user.id,
        updatedBy: user.id,
      })
      .returning({ id: clients.id });
    const created = await getClient(tx, user, row!.id);
    await audit(tx, { actorId: user.id, action: 'create', tableName: 'clients', rowId: created.id, after: created });
    return created;
  });

/** PUT and PATCH: Managers at the client's (and the new) location, Admins anywhere. */
export const updateClient = async (db: Db, user: AuthUser, id: number, changes: ClientChanges): Promise<Client> =>
  db.transaction(async (tx) => {
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).for('update');
    const before = await getClient(tx, user, id);
    assertWritable(user, before.location, before.location_name);
    if (changes.location !== undefined && changes.location !== before.location) {
      const target = await locationName(tx, changes.location);
      assertWritable(user, changes.location, target.name);
    }
    if (changes.phone !== undefined && changes.phone !== before.phone) await assertPhoneFree(tx, changes.phone, changes.allow_duplicate_phone ?? false, id);
    await tx
      .update(clients)
      .set({
        firstName: changes.first_name,
        lastName: changes.last_name,
        phone: changes.phone,
        email: changes.email,
        birthdate: changes.birthdate,
        gender: changes.gender,
        address: changes.address,
        notes: changes.notes,
        locationId: changes.location,
        isActive: changes.is_active,
        updatedBy: user.id,
        updatedAt: sql`now()`,
      })
      .where(eq(clients.id, id));
    const after = await getClient(tx, user, id);
    await audit(tx, { actorId: user.id, action: 'update', tableName: 'clients', rowId: id, before, after });
    return after;
  });

/** Deletes a client with no history; one with memberships, vouchers, arrivals or sales is deactivated. */
export const deleteClient = async (db: Db, user: AuthUser, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await getClient(tx, user, id);
    assertWritable(user, before.location, before.location_name);
    if (await deleteUnlessReferenced(tx, (sp) => sp.delete(clients).where(eq(clients.id, id)))) {
      await audit(tx, { actorId: user.id, action: 'delete', tableName: 'clients', rowId: id, before });
      return { result: 'deleted', message: `Client ${before.full_name} deleted.` };
    }
    if (!before.is_active) throw conflict(`${before.full_name} has history (memberships, vouchers, arrivals or sales) and is already inactive, so the record cannot be deleted.`);
    await tx.update(clients).set({ isActive: false, updatedBy: user.id, updatedAt: sql`now()` }).where(eq(clients.id, id));
    const after = await getClient(tx, user, id);
    await audit(tx, { actorId: user.id, action: 'deactivate', tableName: 'clients', rowId: id, before, after });
    return { result: 'deactivated', message: `${before.full_name} has history, so the client was deactivated instead of deleted.` };
  });
