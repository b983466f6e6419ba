import type { Db } from '../db/client';

/** A kept promise and what it was kept under (the version it was read at, for keptPerVersion). */
export type Kept<T, Tag> = { tag: Tag; value: Promise<T> };

/**
 * Promises kept between requests, per database and key: at most `kept` keys (the oldest goes
 * first), a failed one forgotten so the next request tries again. When `serves` says the kept
 * one no longer does, `compute` replaces it, and every request that arrives while it runs shares
 * it. The client list's page starts (0402) and the leaderboard (0502) are kept this way.
 *
 * Kept results are shared between requests: callers must not change them.
 */
export const keptPromises = <T, Tag = undefined>(kept: number) => {
  const byDb = new WeakMap<Db, Map<string, Kept<T, Tag>>>();
  return (
    db: Db,
    key: string,
    serves: (entry: Kept<T, Tag>) => boolean,
    tag: Tag,
    compute: () => Promise<T>,
  ): Promise<T> => {
    let entries = byDb.get(db);
    if (!entries) byDb.set(db, (entries = new Map()));
    const entry = entries.get(key);
    if (entry && serves(entry)) return entry.value;
    const fresh = { tag, value: compute() };
    entries.delete(key);
    if (entries.size >= kept) entries.delete(entries.keys().next().value!);
    entries.set(key, fresh);
    fresh.value.catch(() => entries.get(key) === fresh && entries.delete(key));
    return fresh.value;
  };
};

/**
 * Results that many people read and few change, kept for as long as a data version is current:
 * a one-row table that triggers raise with every change to what the result reads (the
 * leaderboard's: migration 0009). The caller reads the version *before* computing, so a kept
 * result is never older than the version it is kept under; a change that commits in between
 * only makes the next request compute again. A kept result serves only a request that read
 * exactly its version: a version that ever went back (its row re-created, a restore) then means
 * "compute again", never "still fresh". A live update that sends every open screen back at once
 * costs one query per instance, not one per screen (docs/decisions/0502-leaderboard-kept-per-version.md).
 */
export const keptPerVersion = <T>(kept: number) => {
  const keep = keptPromises<T, number>(kept);
  return (db: Db, key: string, version: number, compute: () => Promise<T>): Promise<T> =>
    keep(db, key, (entry) => entry.tag === version, version, compute);
};
