/*
 * A write that stores money sends an Idempotency-Key (docs/api.md): the server stores a key's
 * write once, so a double click or a retry after a lost answer stores nothing twice.
 */

/** A fresh key per attempt (a sale dialog's opening, an import's batch). */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** The request options that send `key`. */
export const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });
