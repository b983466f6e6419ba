import { and, eq, type SQL } from 'drizzle-orm';
import type { DeleteResult, Terminal, TerminalChanges, TerminalInput, TerminalQuery } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { locations, terminals } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { auditTrail } from '../../db/audit';
import { conflict, fieldError, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toCamel, toSnake } from '../../lib/casing';
import { listPage, lower, searchWhere, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import { appendJournal } from './journal.service';

const terminalsAudit = auditTrail('terminals');

/** Which terminal it is, at which branch, under which BIR permit: as listed here and as a reading prints it. */
export const terminalIdentity = {
  id: terminals.id,
  locationId: terminals.locationId,
  locationName: locations.name,
  name: terminals.name,
  min: terminals.min,
  serialNumber: terminals.serialNumber,
  permitNumber: terminals.permitNumber,
  permitDate: terminals.permitDate,
};

const columns = {
  ...terminalIdentity,
  invoicePrefix: terminals.invoicePrefix,
  nextInvoiceNumber: terminals.nextInvoiceNumber,
  creditMemoPrefix: terminals.creditMemoPrefix,
  nextCreditMemoNumber: terminals.nextCreditMemoNumber,
  acknowledgementPrefix: terminals.acknowledgementPrefix,
  nextAcknowledgementNumber: terminals.nextAcknowledgementNumber,
  grandTotal: terminals.grandTotal,
  zCounter: terminals.zCounter,
  resetCounter: terminals.resetCounter,
  isActive: terminals.isActive,
  createdAt: terminals.createdAt,
  updatedAt: terminals.updatedAt,
};
type Row = Awaited<ReturnType<typeof findRow>>;

const toTerminal = (r: Row): Terminal => ({
  ...toSnake(r, { locationId: 'location' }),
  ...isoStamps(r),
});

const selectTerminals = (db: DbOrTx) =>
  db.select(columns).from(terminals).innerJoin(locations, eq(locations.id, terminals.locationId));

export const listTerminals = async (db: Db, query: TerminalQuery, url: string) => {
  const conditions: (SQL | undefined)[] = [];
  if (query.location !== undefined) conditions.push(eq(terminals.locationId, query.location));
  if (query.is_active !== undefined) conditions.push(eq(terminals.isActive, query.is_active));
  conditions.push(searchWhere(query.search, [terminals.name, terminals.min, terminals.serialNumber, locations.name]));
  return listPage(url, query, {
    select: () =>
      db
        .select({ ...columns, total: totalRows })
        .from(terminals)
        .innerJoin(locations, eq(locations.id, terminals.locationId))
        .$dynamic(),
    where: and(...conditions),
    orderBy: {
      name: lower(terminals.name),
      location_name: lower(locations.name),
      is_active: terminals.isActive,
      created_at: terminals.createdAt,
      id: terminals.id,
    },
    defaultOrder: [lower(locations.name), lower(terminals.name)],
    tieBreaker: terminals.id,
    toItem: toTerminal,
  });
};

const findRow = async (db: DbOrTx, id: number, { lock = false } = {}) => {
  const query = selectTerminals(db).where(eq(terminals.id, id));
  const [row] = lock ? await query.for('update', { of: terminals }) : await query;
  if (!row) throw notFound('No such terminal.');
  return row;
};

export const getTerminal = async (db: DbOrTx, id: number): Promise<Terminal> => toTerminal(await findRow(db, id));

/** A terminal stands at an active branch: the desk there issues its documents. */
const assertLocationOpen = async (db: DbOrTx, locationId: number) => {
  const [location] = await db
    .select({ isActive: locations.isActive, name: locations.name })
    .from(locations)
    .where(eq(locations.id, locationId));
  if (!location) throw fieldError('location', 'No such location.');
  if (!location.isActive) throw fieldError('location', `${location.name} is inactive.`);
};

const assertNameFree = (db: DbOrTx, locationId: number, name: string, exceptId?: number) =>
  assertFree(db, terminals, terminals.name, name, {
    caseInsensitive: true,
    alsoWhere: eq(terminals.locationId, locationId),
    except: exceptId === undefined ? undefined : { column: terminals.id, value: exceptId },
    message: 'This branch already has a terminal with this name.',
    field: 'name',
  });

const LOCATION = { location: 'locationId' } as const;

export const createTerminal = async (db: Db, actorId: number, input: TerminalInput): Promise<Terminal> =>
  db.transaction(async (tx) => {
    await assertLocationOpen(tx, input.location);
    await assertNameFree(tx, input.location, input.name);
    const [row] = await tx
      .insert(terminals)
      .values({ ...toCamel(input, LOCATION), ...createdBy(actorId) })
      .returning({ id: terminals.id });
    const created = await getTerminal(tx, row!.id);
    // Every change to a terminal is in its journal too (decision 1001).
    await appendJournal(tx, created.id, 'terminal_created', { actor: actorId, terminal: created });
    return terminalsAudit.created(tx, actorId, created.id, created);
  });

/** PUT and PATCH; a move to another branch or a new name is checked as on create. */
export const updateTerminal = async (
  db: Db,
  actorId: number,
  id: number,
  changes: TerminalInput | TerminalChanges,
): Promise<Terminal> =>
  db.transaction(async (tx) => {
    const before = toTerminal(await findRow(tx, id, { lock: true }));
    const location = changes.location ?? before.location;
    if (changes.location !== undefined && changes.location !== before.location) await assertLocationOpen(tx, location);
    if (changes.name !== undefined || changes.location !== undefined)
      await assertNameFree(tx, location, changes.name ?? before.name, id);
    await tx
      .update(terminals)
      .set({ ...toCamel(changes, LOCATION), ...touched(actorId) })
      .where(eq(terminals.id, id));
    const after = await getTerminal(tx, id);
    await appendJournal(tx, id, 'terminal_changed', { actor: actorId, before, after });
    return terminalsAudit.changed(tx, actorId, id, before, after);
  });

/**
 * A terminal is never deleted (issue 33): its series and grand total are the books' history, so
 * DELETE deactivates it, and a second DELETE is the usual 409.
 */
export const deactivateTerminal = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = toTerminal(await findRow(tx, id, { lock: true }));
    const label = `Terminal ${before.name} at ${before.location_name}`;
    if (!before.is_active) throw conflict(`${label} is already inactive; a terminal is never deleted.`);
    await tx
      .update(terminals)
      .set({ isActive: false, ...touched(actorId) })
      .where(eq(terminals.id, id));
    const result: DeleteResult = {
      result: 'deactivated',
      message: `${label} was deactivated: a terminal keeps its series and grand total, so it is never deleted.`,
    };
    const after = await getTerminal(tx, id);
    await appendJournal(tx, id, 'terminal_deactivated', { actor: actorId, terminal: after });
    return terminalsAudit.removed(tx, actorId, id, result, before, after);
  });

export const terminalsService = {
  list: listTerminals,
  get: getTerminal,
  create: createTerminal,
  update: updateTerminal,
  remove: deactivateTerminal,
};
