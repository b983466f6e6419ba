import { Readable } from 'node:stream';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import {
  CLIENT_IMPORT_MAX_ROWS,
  clientBodySchema,
  type ClientImportLineError,
  type ClientImportResult,
  type ClientInput,
} from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { clients, locations } from '../../db/schema/index';
import { audit } from '../../db/audit';
import { HttpError, badRequest } from '../../lib/http-error';
import { createdBy } from '../../lib/tracked';
import { iso } from '../../lib/iso';
import { toColumns } from './clients.service';
import { clientFilter, selectClients } from './client-rows.service';
import { csvHeaderLine, csvLine, parseCsv } from '../../lib/csv';
import { csvHeader } from '../../lib/csv-upload';
import { splitFullName } from './csv';
import type { AuthUser } from '../../lib/actor';
import { inScope } from '../../lib/scope';
import { writeScope } from './scope';

const COLUMNS = [
  'name',
  'first_name',
  'last_name',
  'phone',
  'email',
  'birthdate',
  'gender',
  'location',
  'address',
  'notes',
] as const;
type Column = (typeof COLUMNS)[number];
const EXPORT_ONLY = ['id', 'is_active', 'created_at'] as const;
type Planned = { line: number; values: ClientInput; locationName: string };

const INSERT_CHUNK = 1_000;
const PREVIEW_ROWS = 20;

/** Reads, checks and plans every line; nothing is written here. */
const plan = async (
  db: Db,
  user: AuthUser,
  text: string,
): Promise<{ planned: Planned[]; errors: ClientImportLineError[] }> => {
  const rows = parseCsv(text).filter((r) => r.some((cell) => cell.trim() !== ''));
  if (rows.length === 0)
    throw badRequest('The file is empty.', { file: ['Choose a CSV file with a header line and at least one client.'] });
  // An export's own columns may come back in an edited export; they are read past, not imported.
  const header = csvHeader(rows[0]!, [...COLUMNS, ...EXPORT_ONLY]);
  const index = new Map<Column, number>();
  header.forEach((h, i) => {
    if ((COLUMNS as readonly string[]).includes(h)) index.set(h as Column, i);
  });
  if (!index.has('name') && !(index.has('first_name') && index.has('last_name'))) {
    throw badRequest('The header line needs a "name" column, or "first_name" and "last_name".', {
      file: [`Columns found: ${header.join(', ') || 'none'}.`],
    });
  }
  if (rows.length - 1 > CLIENT_IMPORT_MAX_ROWS)
    throw new HttpError(413, `At most ${CLIENT_IMPORT_MAX_ROWS} clients per import; split the file.`, {
      file: [`${rows.length - 1} lines.`],
    });

  const allLocations = await db
    .select({ id: locations.id, name: locations.name, isActive: locations.isActive })
    .from(locations);
  const byName = new Map(allLocations.map((l) => [l.name.trim().toLowerCase(), l]));
  const scope = writeScope(user);
  // A blank location means the importer's own, when they work at exactly one.
  const mine = new Set(user.locations.map((l) => l.id));
  const ownLocations = allLocations.filter((l) => l.isActive && mine.has(l.id));

  const errors: ClientImportLineError[] = [];
  const planned: Planned[] = [];
  const cell = (row: string[], column: Column) => {
    const i = index.get(column);
    return i === undefined ? '' : (row[i] ?? '').trim();
  };
  rows.slice(1).forEach((row, n) => {
    const line = n + 2;
    const names = index.has('first_name')
      ? { first: cell(row, 'first_name'), last: cell(row, 'last_name') }
      : splitFullName(cell(row, 'name'));
    const locationText = cell(row, 'location');
    let location: (typeof allLocations)[number] | undefined;
    if (locationText) {
      location = byName.get(locationText.toLowerCase());
      if (!location) errors.push({ line, field: 'location', message: `No location named "${locationText}".` });
      else if (!inScope(scope, location.id))
        errors.push({ line, field: 'location', message: `You do not work at ${location.name}.` });
    } else if (ownLocations.length === 1) location = ownLocations[0];
    else errors.push({ line, field: 'location', message: 'Enter the location name.' });
    const parsed = clientBodySchema.safeParse({
      first_name: names.first,
      last_name: names.last,
      phone: cell(row, 'phone') || null,
      email: cell(row, 'email'),
      birthdate: cell(row, 'birthdate') || null,
      gender: cell(row, 'gender').toLowerCase() || null,
      address: cell(row, 'address'),
      notes: cell(row, 'notes'),
      location: location?.id ?? 1,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ line, field: String(issue.path[0] ?? 'line'), message: issue.message });
      return;
    }
    if (location) planned.push({ line, values: parsed.data, locationName: location.name });
  });

  // A phone already on file, or twice in the file, is a line error: imports never confirm duplicates.
  const phones = [...new Set(planned.map((p) => p.values.phone).filter((p): p is string => p !== null))];
  const known = new Map<string, string>();
  for (let i = 0; i < phones.length; i += INSERT_CHUNK) {
    const found = await db
      .select({
        phone: clients.phone,
        id: clients.id,
        name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
      })
      .from(clients)
      .where(inArray(clients.phone, phones.slice(i, i + INSERT_CHUNK)));
    for (const f of found) if (f.phone && !known.has(f.phone)) known.set(f.phone, `${f.name} (client #${f.id})`);
  }
  const seen = new Map<string, number>();
  const kept: Planned[] = [];
  for (const p of planned) {
    const phone = p.values.phone;
    if (phone && known.has(phone))
      errors.push({ line: p.line, field: 'phone', message: `${known.get(phone)} already has this phone number.` });
    else if (phone && seen.has(phone))
      errors.push({ line: p.line, field: 'phone', message: `Line ${seen.get(phone)} has the same phone number.` });
    else {
      if (phone) seen.set(phone, p.line);
      kept.push(p);
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { planned: kept, errors };
};

/**
 * A dry run answers what would be created and every bad line; a real run stores all lines in one
 * transaction, or nothing at all when any line is bad (400 with the same line list).
 */
export const importClients = async (
  db: Db,
  user: AuthUser,
  text: string,
  dryRun: boolean,
): Promise<ClientImportResult> => {
  const { planned, errors } = await plan(db, user, text);
  const preview = planned.slice(0, PREVIEW_ROWS).map((p) => ({
    line: p.line,
    first_name: p.values.first_name,
    last_name: p.values.last_name,
    phone: p.values.phone,
    email: p.values.email,
    location_name: p.locationName,
  }));
  if (dryRun) return { dry_run: true, count: planned.length, errors, preview };
  if (errors.length) {
    const byLine: Record<string, string[]> = {};
    for (const e of errors) (byLine[`line ${e.line}: ${e.field}`] ??= []).push(e.message);
    throw badRequest(
      `Nothing was imported: ${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} in the file. Fix the lines listed and try again.`,
      byLine,
    );
  }
  if (planned.length === 0)
    throw badRequest('The file has no clients to import.', { file: ['Add at least one line under the header.'] });
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < planned.length; i += INSERT_CHUNK) {
      const inserted = await tx
        .insert(clients)
        .values(
          planned.slice(i, i + INSERT_CHUNK).map(({ values }) => ({ ...toColumns(values), ...createdBy(user.id) })),
        )
        .returning({ id: clients.id });
      ids.push(...inserted.map((r) => r.id));
    }
    await audit(tx, {
      actorId: user.id,
      action: 'import',
      tableName: 'clients',
      rowId: null,
      after: { count: ids.length, ids },
    });
  });
  return { dry_run: false, count: planned.length, errors: [], preview };
};

/** The import's columns without `name` (an export gives first and last), between the id and the status. */
const EXPORT_HEADER = ['id', ...COLUMNS.filter((column) => column !== 'name'), 'is_active', 'created_at'];
const EXPORT_BATCH = 1_000;

/** Streams the filtered list as CSV in id order, a batch at a time (keyset), so 100,000 clients never sit in memory at once. */
export const exportClients = (
  db: Db,
  user: AuthUser,
  query: { location?: number; is_active?: boolean; search?: string },
): Readable => {
  // Bulk personal data: Admins all, Managers the clients whose home location is theirs (decision 0410).
  const filter = clientFilter(writeScope(user), query);
  async function* lines() {
    yield csvHeaderLine(EXPORT_HEADER);
    let after = 0;
    for (;;) {
      const rows = await selectClients(db)
        .where(and(filter, gt(clients.id, after)))
        .orderBy(asc(clients.id))
        .limit(EXPORT_BATCH);
      if (rows.length === 0) return;
      yield rows
        .map((r) =>
          csvLine([
            r.id,
            r.firstName,
            r.lastName,
            r.phone,
            r.email,
            r.birthdate,
            r.gender,
            r.locationName,
            r.address,
            r.notes,
            r.isActive,
            iso(r.createdAt),
          ]),
        )
        .join('');
      after = rows[rows.length - 1]!.id;
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(lines());
};
