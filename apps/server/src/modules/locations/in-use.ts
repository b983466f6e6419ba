import type { Tx } from '../../db/client';
import { pgErrorCode } from '../../lib/pg-errors';

/**
 * Runs `remove` inside a savepoint. If some other table still points at the row (a foreign-key
 * refusal, SQLSTATE 23503), the savepoint is rolled back and false is returned, so the caller can
 * deactivate instead; the database, not a list kept here, knows every reference.
 */
export const deleteUnlessReferenced = async (tx: Tx, remove: (sp: Tx) => Promise<unknown>): Promise<boolean> => {
  try {
    await tx.transaction(async (sp) => {
      await remove(sp);
    });
    return true;
  } catch (err) {
    if (pgErrorCode(err) === '23503') return false;
    throw err;
  }
};

/** Turns a unique-index race the pre-check missed into the same 409 the pre-check gives. */
export const onUniqueViolation = async <T>(work: () => Promise<T>, toError: () => Error): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw toError();
    throw err;
  }
};
