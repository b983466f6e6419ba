import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Bank, DeleteResult, bankBodySchema, bankListQuerySchema, bankPatchSchema } from '@ginhawa/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { banks } from '../../db/schema/index';
import { audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-error';
import { likePattern, offsetOf, orderingOf, toPage } from '../../lib/pagination';
import { deleteUnlessReferenced, onUniqueViolation } from '../locations/in-use';

export type BankInput = z.output<typeof bankBodySchema>;
export type BankChanges = z.output<typeof bankPatchSchema>;
export type BankQuery = z.output<typeof bankListQuerySchema>;

type Row = typeof banks.$inferSelect;

const toBank = (r: Row): Bank => ({
  id: r.id,
  name: r.name,
  account_name: r.accountName,
  account_number: r.accountNumber,
  is_active: r.isActive,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const ORDERING = { name: banks.name, account_name: banks.accountName, account_number: banks.accountNumber, is_active: banks.isActive, created_at: banks.createdAt, id: banks.id };

export const listBanks = async (db: Db, query: BankQuery, url: string) => {
  const conditions: (SQL | undefined)[] = [];
  if (query.is_active !== undefined) conditions.push(eq(banks.isActive, query.is_active));
  if (query.search) {
    const pattern = likePattern(query.search);
    const digits = query.search.replace(/[\s-]/g, '');
    conditions.push(
      or(ilike(banks.name, pattern), ilike(banks.accountName, pattern), /^\d+$/.test(digits) ? ilike(banks.accountNumber, likePattern(digits)) : undefined),
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(banks).where(where);
  const rows = await db
    .select()
    .from(banks)
    .where(where)
    .orderBy(...orderingOf(query.ordering, ORDERING, [asc(banks.name)], banks.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  return toPage(url, query, total?.n ?? 0, rows.map(toBank));
};

export const getBank = async (db: DbOrTx, id: number): Promise<Bank> => {
  const [row] = await db.select().from(banks).where(eq(banks.id, id));
  if (!row) throw notFound('No such bank account.');
  return toBank(row);
};

const DUPLICATE = 'This bank already has an account with this number.';
const duplicate = () => conflict(DUPLICATE, { account_number: [DUPLICATE] });

const assertUnique = async (db: DbOrTx, name: string, accountNumber: string, exceptId?: number) => {
  const [clash] = await db
    .select({ id: banks.id })
    .from(banks)
    .where(and(eq(sql`lower(${banks.name})`, name.toLowerCase()), eq(banks.accountNumber, accountNumber), exceptId ? ne(banks.id, exceptId) : undefined));
  if (clash) throw duplicate();
};

export const createBank = async (db: Db, actorId: number, input: BankInput): Promise<Bank> =>
  onUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        await assertUnique(tx, input.name, input.account_number);
        const [row] = await tx
          .insert(banks)
          .values({ name: input.name, accountName: input.account_name, accountNumber: input.account_number, isActive: input.is_active, createdBy: actorId, updatedBy: actorId })
          .returning();
        await audit(tx, { actorId, action: 'create', tableName: 'banks', rowId: row!.id, after: row });
        return toBank(row!);
      }),
    duplicate,
  );

export const updateBank = async (db: Db, actorId: number, id: number, changes: BankChanges): Promise<Bank> =>
  onUniqueViolation(
    () =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(banks).where(eq(banks.id, id)).for('update');
        if (!before) throw notFound('No such bank account.');
        if (changes.name !== undefined || changes.account_number !== undefined) {
          await assertUnique(tx, changes.name ?? before.name, changes.account_number ?? before.accountNumber, id);
        }
        const [after] = await tx
          .update(banks)
          .set({
            name: changes.name,
            accountName: changes.account_name,
            accountNumber: changes.account_number,
            isActive: changes.is_active,
            updatedBy: actorId,
            updatedAt: sql`now()`,
          })
          .where(eq(banks.id, id))
          .returning();
        await audit(tx, { actorId, action: 'update', tableName: 'banks', rowId: id, before, after });
        return toBank(after!);
      }),
    duplicate,
  );

/** Deletes an account no sale refers to; one that was used is deactivated so past sales keep their bank. */
export const deleteBank = async (db: Db, actorId: number, id: number): Promise<DeleteResult> =>
  db.transaction(async (tx) => {
    const [before] = await tx.select().from(banks).where(eq(banks.id, id)).for('update');
    if (!before) throw notFound('No such bank account.');
    const label = `${before.name} ••••${before.accountNumber.slice(-4)}`;
    if (await deleteUnlessReferenced(tx, (sp) => sp.delete(banks).where(eq(banks.id, id)))) {
      await audit(tx, { actorId, action: 'delete', tableName: 'banks', rowId: id, before });
      return { result: 'deleted', message: `Bank account ${label} deleted.` };
    }
    if (!before.isActive) throw conflict(`Bank account ${label} is used by recorded payments and is already inactive, so it cannot be deleted.`);
    const [after] = await tx.update(banks).set({ isActive: false, updatedBy: actorId, updatedAt: sql`now()` }).where(eq(banks.id, id)).returning();
    await audit(tx, { actorId, action: 'deactivate', tableName: 'banks', rowId: id, before, after });
    return { result: 'deactivated', message: `Bank account ${label} is used by recorded payments, so it was deactivated instead of deleted.` };
  });
