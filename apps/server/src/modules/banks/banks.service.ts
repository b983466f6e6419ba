import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import { BANK_DIRECTORY_ORDERING, bankDirectorySchema, maskAccountNumber } from '@ginhawa/contract';
import type { Bank, BankChanges, BankInput, BankQuery, BankView, DeleteResult } from '@ginhawa/contract';
import type { Db, DbOrTx } from '../../db/client';
import { banks } from '../../db/schema/index';
import { assertFree } from '../../lib/assert-free';
import { auditTrail } from '../../db/audit';
import { deleteOrDeactivate } from '../../lib/delete';
import { fieldError, notFound } from '../../lib/http-error';
import { isoStamps } from '../../lib/iso';
import { toCamel, toSnake } from '../../lib/casing';
import { likePattern, listPage, lower, totalRows } from '../../lib/list';
import { createdBy, touched } from '../../lib/tracked';
import { isAdmin, type AuthUser } from '../../lib/actor';

const banksAudit = auditTrail('banks');

type Row = typeof banks.$inferSelect;

const toBank = ({ createdBy: _by, updatedBy: _upBy, ...r }: Row): Bank => ({
  ...toSnake(r),
  account_number_masked: maskAccountNumber(r.accountNumber),
  ...isoStamps(r),
});

/**
 * Who is reading a list: only an Admin may search by account name or number, or sort by them
 * (docs/decisions/0011) — a digit-by-digit search would spell out a number the directory masks.
 */
export type BankViewer = { admin: boolean };

const DIRECTORY_ORDERING = new Set<string>(BANK_DIRECTORY_ORDERING);

const searchOf = (search: string, viewer: BankViewer) => {
  const pattern = likePattern(search);
  if (!viewer.admin) return ilike(banks.name, pattern);
  const digits = search.replace(/[\s-]/g, '');
  return or(
    ilike(banks.name, pattern),
    ilike(banks.accountName, pattern),
    /^\d+$/.test(digits) ? ilike(banks.accountNumber, likePattern(digits)) : undefined,
  );
};

export const listBanks = async (db: Db, query: BankQuery, url: string, viewer: BankViewer) => {
  const hidden = viewer.admin
    ? undefined
    : query.ordering?.find((part) => !DIRECTORY_ORDERING.has(part.replace(/^-/, '')));
  if (hidden) throw fieldError('ordering', `Order by one of: ${BANK_DIRECTORY_ORDERING.join(', ')}.`);
  const conditions: (SQL | undefined)[] = [];
  if (query.is_active !== undefined) conditions.push(eq(banks.isActive, query.is_active));
  if (query.search) conditions.push(searchOf(query.search, viewer));
  return listPage(url, query, {
    select: () => db.select({ row: banks, total: totalRows }).from(banks).$dynamic(),
    where: and(...conditions),
    orderBy: {
      name: lower(banks.name),
      account_name: lower(banks.accountName),
      account_number: banks.accountNumber,
      is_active: banks.isActive,
      created_at: banks.createdAt,
      id: banks.id,
    },
    defaultOrder: [lower(banks.name)],
    tieBreaker: banks.id,
    toItem: (r) => toBank(r.row),
  });
};

const findRow = async (db: DbOrTx, id: number, { lock = false } = {}) => {
  const query = db.select().from(banks).where(eq(banks.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('No such bank account.');
  return row;
};

export const getBank = async (db: DbOrTx, id: number): Promise<Bank> => toBank(await findRow(db, id));

/** One bank may hold several accounts, but not the same number twice (banks_name_account_idx). */
const assertAccountFree = (db: DbOrTx, name: string, accountNumber: string, exceptId?: number) =>
  assertFree(db, banks, banks.name, name, {
    caseInsensitive: true,
    alsoWhere: eq(banks.accountNumber, accountNumber),
    except: exceptId === undefined ? undefined : { column: banks.id, value: exceptId },
    message: 'This bank already has an account with this number.',
    field: 'account_number',
  });

export const createBank = async (db: Db, actorId: number, input: BankInput): Promise<Bank> =>
  db.transaction(async (tx) => {
    await assertAccountFree(tx, input.name, input.account_number);
    const [row] = await tx
      .insert(banks)
      .values({ ...toCamel(input), ...createdBy(actorId) })
      .returning();
    return banksAudit.created(tx, actorId, row!.id, toBank(row!));
  });

/** PUT sends every field, PATCH some: both land here with the fields to change. */
export const updateBank = async (db: Db, actorId: number, id: number, changes: BankChanges): Promise<Bank> =>
  db.transaction(async (tx) => {
    const before = await findRow(tx, id, { lock: true });
    if (changes.name !== undefined || changes.account_number !== undefined) {
      await assertAccountFree(tx, changes.name ?? before.name, changes.account_number ?? before.accountNumber, id);
    }
    const [row] = await tx
      .update(banks)
      .set({ ...toCamel(changes), ...touched(actorId) })
      .where(eq(banks.id, id))
      .returning();
    return banksAudit.changed(tx, actorId, id, toBank(before), toBank(row!));
  });

/** Deletes an account no sale refers to; one that was used is deactivated so past sales keep their bank. */
export const deleteBank = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const before = await findRow(tx, id, { lock: true });
    let after: Bank | null = null;
    const result = await deleteOrDeactivate(tx, {
      label: `Bank account ${before.name} ${maskAccountNumber(before.accountNumber)}`,
      inUse: 'is used by recorded payments',
      isActive: before.isActive,
      remove: (sp) => sp.delete(banks).where(eq(banks.id, id)),
      deactivate: async () => {
        const [row] = await tx
          .update(banks)
          .set({ isActive: false, ...touched(actorId) })
          .where(eq(banks.id, id))
          .returning();
        after = toBank(row!);
      },
    });
    return banksAudit.removed(tx, actorId, id, result, toBank(before), after);
  });

/**
 * What this actor may read of a bank account (docs/decisions/0011): Admins the whole record,
 * everyone else the name and the masked number. Parsing through the directory schema drops every
 * key it does not declare, the full number among them.
 */
export const bankViewFor =
  (actor: AuthUser) =>
  (bank: Bank): BankView =>
    isAdmin(actor) ? bank : bankDirectorySchema.parse(bank);

/** What the resource routes call (lib/resource-routes.ts): reads answer with the actor's view of each account. */
export const banksService = {
  list: async (db: Db, query: BankQuery, url: string, actor: AuthUser) => {
    const page = await listBanks(db, query, url, { admin: isAdmin(actor) });
    return { ...page, results: page.results.map(bankViewFor(actor)) };
  },
  get: async (db: Db, id: number, actor: AuthUser) => bankViewFor(actor)(await getBank(db, id)),
  create: createBank,
  update: updateBank,
  remove: deleteBank,
};
