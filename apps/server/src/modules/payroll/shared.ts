import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Raw rows of a payroll query (both drivers answer execute() with `{rows}`). */
export const payrollRows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
