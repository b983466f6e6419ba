import type { Tx } from '../../db/client';

/** The PostgreSQL SQLSTATE of a failed query, looking through driver wrappers (DrizzleQueryError). */
export const pgErrorCode = (err: unknown): string | undefined => {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

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
