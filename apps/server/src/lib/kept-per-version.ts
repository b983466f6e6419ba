import type { Db } from '../db/client';

/**
 * Results that many people read and few change, kept per database and key for as long as a data
 * version is current: a one-row table that triggers raise with every change to what the result
 * reads (the leaderboard's: migration 0009). The caller reads the version *before* computing,
 * so a kept result is never older than the version it is kept under; a change that commits in
 * between only makes the next request compute again. A kept result serves only a request that
 * read exactly its version, as the client list's page starts do (0402): a version that ever
 * went back (its row re-created, a restore) then means "compute again", never "still fresh". Requests that arrive while a result is
 * being computed share it, so a live update that sends every open screen back at once costs one
 * query per instance, not one per screen (docs/decisions/0502-leaderboard-kept-per-version.md).
 *
 * Kept results are shared between requests: callers must not change them.
 */
export const keptPerVersion = <T>(kept: number) => {
  const byDb = new WeakMap<Db, Map<string, { version: number; value: Promise<T> }>>();
  return (db: Db, key: string, version: number, compute: () => Promise<T>): Promise<T> => {
    let entries = byDb.get(db);
    if (!entries) byDb.set(db, (entries = new Map()));
    const entry = entries.get(key);
    if (entry?.version === version) return entry.value;
    const value = compute();
    entries.delete(key);
    if (entries.size >= kept) entries.delete(entries.keys().next().value!);
    const fresh = { version, value };
    entries.set(key, fresh);
    value.catch(() => entries.get(key) === fresh && entries.delete(key));
    return value;
  };
};
