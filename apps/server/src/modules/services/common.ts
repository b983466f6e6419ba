import { sql } from 'drizzle-orm';
import { conflict, type FieldErrors } from '../../lib/http-error';
import { pgErrorCode } from '../../lib/pg-errors';

export const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/**
 * Runs a write; a unique or foreign-key violation that slipped past the service's own checks
 * (two admins at once) becomes the same 409 the check would have given.
 */
export const guardConstraints = async <T>(
  write: () => Promise<T>,
  onConflict: { unique?: () => { message: string; errors?: FieldErrors }; foreignKey?: () => { message: string; errors?: FieldErrors } },
): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    const code = pgErrorCode(err);
    const mapped = code === '23505' ? onConflict.unique?.() : code === '23503' ? onConflict.foreignKey?.() : undefined;
    if (mapped) throw conflict(mapped.message, mapped.errors);
    throw err;
  }
};

/** "Gold, Silver and 3 more" for a conflict message. */
export const nameList = (names: string[], total: number, shown = 3) => {
  const head = names.slice(0, shown);
  const rest = total - head.length;
  return rest > 0 ? `${head.join(', ')} and ${rest} more` : head.join(', ');
};

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * An outer-table column inside a correlated subquery. Drizzle leaves columns unqualified in
 * single-table selects, where a bare "id" would bind to the subquery's own table.
 */
export const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);
