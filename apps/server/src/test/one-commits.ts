import { expect } from 'vitest';
import { openPostgres, type Tx } from '../db/client';
import { pgErrorCode } from '../lib/pg-errors';

/**
 * Runs `count` transactions at once that each write what only one may keep, with no lock taken,
 * and checks the database keeps one: exactly one commits, and every other is refused by the
 * exclusion constraint (23P01) or, where two inserts each waited on the other's row, is the
 * deadlock's victim (40P01). A pool of its own with a connection for each, so all are open at once:
 * on the app's pool of 5, the later ones queued for a connection behind deadlock waits (1 s each)
 * and, on a loaded machine, gave up after the pool's 5 s with no SQL error at all. PostgreSQL only.
 */
export const expectOneCommits = async (url: string, count: number, write: (tx: Tx, i: number) => Promise<void>) => {
  const wide = await openPostgres(url, count);
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => wide.db.transaction((tx) => write(tx, i))),
  ).finally(() => wide.close());
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  const codes = results.flatMap((r) => (r.status === 'rejected' ? [pgErrorCode(r.reason)] : []));
  expect(codes).toHaveLength(count - 1);
  for (const code of codes) expect(['23P01', '40P01']).toContain(code);
};
