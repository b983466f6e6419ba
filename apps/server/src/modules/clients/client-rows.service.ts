import { and, asc, eq, inArray, like, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Client } from '@ginhawa/contract';
import type { DbOrTx } from '../../db/client';
import { clients, locations } from '../../db/schema/index';
import { isoStamps } from '../../lib/iso';
import { toSnake } from '../../lib/casing';
import { likePattern } from '../../lib/list';
import { fold } from '../../lib/fold';
import { scopeWhere, type Scope } from '../../lib/scope';

/** A client as its reads select it and the API answers it, and the filters the list and the CSV export share. */

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
export const DEFAULT_ORDER = [asc(clients.sortName)];

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
 * How a search text is read: phone digits in any common form (0917…, +63917…, 917 123 4567),
 * an email, or name words in any order. Each pattern must match the trigram-indexed
 * search_text; `exact` is what ranks best (the whole phone or email, or the name typed).
 */
export type SearchTerms = { kind: 'phone' | 'email' | 'name'; patterns: string[]; exact: string };
export const searchTerms = (text: string): SearchTerms => {
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

export const matchesAll = (patterns: readonly (string | SQLWrapper)[]) =>
  and(...patterns.map((p) => like(clients.searchText, p)))!;

// ——— the list's filters as placeholders, for prepared statements (lib/prepared.ts) ———

type ListFilters = { location?: number; is_active?: boolean };

/** Which filters a request gives (never their values): part of a prepared statement's shape. */
export const filterShape = (scope: Scope, query: ListFilters) =>
  `${scope.all ? 'all' : scope.locationIds.length}_${query.location === undefined ? '' : 'location'}_${query.is_active === undefined ? '' : 'active'}`;

/** The values for filterPlaceholders' placeholders. */
export const filterValues = (scope: Scope, query: ListFilters): Record<string, unknown> => {
  const values: Record<string, unknown> = { location: query.location, active: query.is_active };
  if (!scope.all) scope.locationIds.forEach((id, i) => (values[`scope${i}`] = id));
  return values;
};

/** clientFilter's conditions with placeholders, for the shape filterShape wrote (its last three parts). */
export const filterPlaceholders = (shape: string): (SQL | undefined)[] => {
  const [scope, location, active] = shape.split('_').slice(-3) as [string, string, string];
  const scopeIds =
    scope === 'all' ? undefined : Array.from({ length: Number(scope) }, (_, i) => sql.placeholder(`scope${i}`));
  return [
    scopeIds && (scopeIds.length ? inArray(clients.locationId, scopeIds) : sql`false`),
    location === 'location' ? eq(clients.locationId, sql.placeholder('location')) : undefined,
    active === 'active' ? eq(clients.isActive, sql.placeholder('active')) : undefined,
  ];
};
