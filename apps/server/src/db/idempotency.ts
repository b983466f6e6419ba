import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { idempotencyKeys } from './schema/index';
import { HttpError, badRequest } from '../lib/http-error';

/**
 * The one Idempotency-Key rule for every money POST (docs/api.md "Idempotency-Key"): a key
 * belongs to the user who sent it; the stored answer is replayed only for the same route and
 * request body, and only after the same authorization as a new request; the same key with
 * another body is 422; requests racing with one key store one sale.
 */

/** The header's value: absent or blank is no key; otherwise 1–100 visible ASCII characters (400). */
export const idempotencyKeyOf = (header: string | string[] | undefined): string | null => {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  const key = value.trim();
  if (key.length > 100 || !/^[\x21-\x7e]+$/.test(key))
    throw badRequest('The Idempotency-Key header must be 1 to 100 visible ASCII characters.');
  return key;
};

/** JSON with object keys sorted at every depth, so the same request always hashes the same. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
};

export const requestHash = (route: string, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([route, canonical(body)]))
    .digest('hex');

export type Idempotent = {
  userId: number;
  /** The route, e.g. `POST /clients/treatments/`: one key cannot replay another route's answer. */
  route: string;
  key: string | null;
  /** The validated body (defaults filled), hashed canonically. */
  body: unknown;
};

/**
 * Runs `run` once per user and key, in one transaction: `authorize` first (it throws as for a
 * new request, replay or not), then the key is claimed by a unique insert. A key already
 * committed answers its stored response (same request) or 422 (another request); a key being
 * claimed by a parallel transaction makes this one wait for it, then the same applies. `run` is
 * given what `authorize` answered, so a request is authorised once (issue 32).
 */
export const idempotent = <T, A = unknown>(
  db: Db,
  { userId, route, key, body }: Idempotent,
  authorize: (tx: Tx) => Promise<A>,
  run: (tx: Tx, authorized: A) => Promise<T>,
): Promise<T> =>
  db.transaction(async (tx) => {
    const authorized = await authorize(tx);
    if (key === null) return run(tx, authorized);
    const hash = requestHash(route, body);
    const [claimed] = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (!claimed) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!stored || stored.requestHash !== hash)
        throw new HttpError(
          422,
          'This Idempotency-Key was already used for a different request. Use a new key for a new sale.',
        );
      return stored.response as T;
    }
    const result = await run(tx, authorized);
    await tx
      .update(idempotencyKeys)
      .set({ response: result as object })
      .where(eq(idempotencyKeys.id, claimed.id));
    return result;
  });
