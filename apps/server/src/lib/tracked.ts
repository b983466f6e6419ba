import { sql } from 'drizzle-orm';

/** The `tracked()` columns of a new row (db/schema/columns.ts): both stamps are its creator. */
export const createdBy = (actorId: number) => ({ createdBy: actorId, updatedBy: actorId });

/** The `tracked()` columns of a changed row: who, and the database's now(). */
export const touched = (actorId: number | null) => ({ updatedBy: actorId, updatedAt: sql`now()` });
