import { FIELDS_MESSAGE } from '@ginhawa/contract';
import type { ConstraintSentences } from '../db/constraint-sentences';
import { HttpError } from './http-error';
import { pgErrorCode } from './pg-errors';

export type { ConstraintSentence, ConstraintSentences } from '../db/constraint-sentences';

type PgFields = { constraint?: string; table?: string };

/** The constraint and table of a failed query, looking through Drizzle's wrapper (`cause`). */
const pgFields = (err: unknown): PgFields => {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { constraint, table } = current as { constraint?: unknown; table?: unknown };
    if (typeof constraint === 'string') return { constraint, table: typeof table === 'string' ? table : undefined };
    current = (current as { cause?: unknown }).cause;
  }
  return {};
};

/**
 * The person's answer to a unique (23505), exclusion (23P01) or foreign-key (23503) violation of a named
 * constraint, or null when the constraint has no sentence (the handler's generic reply then).
 * `sentences` are the registered modules' (modules/index.ts), handed to plugins/errors.ts by app.ts.
 */
export const constraintError = (err: unknown, sentences: ConstraintSentences): HttpError | null => {
  const code = pgErrorCode(err);
  if (code !== '23505' && code !== '23503' && code !== '23P01') return null;
  const { constraint, table } = pgFields(err);
  const sentence = constraint ? sentences[constraint] : undefined;
  if (!sentence) return null;
  if (sentence.kind === 'unique' || sentence.kind === 'exclusion') {
    return new HttpError(409, sentence.message, sentence.field ? { [sentence.field]: [sentence.message] } : undefined);
  }
  // PostgreSQL reports the referencing table when a write names a missing row, the referenced one on delete.
  if (table === sentence.table) return new HttpError(400, FIELDS_MESSAGE, { [sentence.field]: [sentence.missing] });
  return sentence.inUse ? new HttpError(409, sentence.inUse) : null;
};
