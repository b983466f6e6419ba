import { sql } from 'drizzle-orm';

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
