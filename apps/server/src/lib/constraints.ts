import { FIELDS_MESSAGE } from '@ginhawa/contract';
import {
  bankConstraints,
  clientConstraints,
  employeeConstraints,
  locationConstraints,
  reportsConstraints,
  saleConstraints,
  serviceConstraints,
  userConstraints,
} from '../db/schema/index';
import { HttpError } from './http-error';
import { pgErrorCode } from './pg-errors';

/**
 * What a named unique index or foreign key means to a person, declared next to its table in
 * db/schema. The services pre-check these (assertFree, assert…Exists); the sentence answers the
 * race a pre-check cannot see (two admins at once), so both give the same reply.
 */
export type ConstraintSentence =
  /** A unique index: 409 naming the field. */
  | { kind: 'unique'; message: string; field?: string }
  /**
   * A foreign key, read from its owning table's side: `missing` when a write names a row that is
   * not there (400 on `field`); `inUse` when the referenced row is deleted while still used (409).
   */
  | { kind: 'foreignKey'; table: string; field: string; missing: string; inUse?: string };

export type ConstraintSentences = Record<string, ConstraintSentence>;

/** Every sentence, by constraint name. */
export const CONSTRAINTS: ConstraintSentences = {
  ...userConstraints,
  ...locationConstraints,
  ...employeeConstraints,
  ...bankConstraints,
  ...serviceConstraints,
  ...clientConstraints,
  ...saleConstraints,
  ...reportsConstraints,
};

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
 * The person's answer to a unique (23505) or foreign-key (23503) violation of a named
 * constraint, or null when the constraint has no sentence (the handler's generic reply then).
 */
export const constraintError = (err: unknown, sentences: ConstraintSentences = CONSTRAINTS): HttpError | null => {
  const code = pgErrorCode(err);
  if (code !== '23505' && code !== '23503') return null;
  const { constraint, table } = pgFields(err);
  const sentence = constraint ? sentences[constraint] : undefined;
  if (!sentence) return null;
  if (sentence.kind === 'unique') {
    return new HttpError(409, sentence.message, sentence.field ? { [sentence.field]: [sentence.message] } : undefined);
  }
  // PostgreSQL reports the referencing table when a write names a missing row, the referenced one on delete.
  if (table === sentence.table) return new HttpError(400, FIELDS_MESSAGE, { [sentence.field]: [sentence.missing] });
  return sentence.inUse ? new HttpError(409, sentence.inUse) : null;
};
