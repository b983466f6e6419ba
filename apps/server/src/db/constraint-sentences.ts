/**
 * What a named unique index or foreign key means to a person, declared next to its table in
 * db/schema and registered by its module (modules/<area>/<area>.module.ts). The services pre-check
 * these (assertFree, assert…Exists); the sentence answers the race a pre-check cannot see (two
 * admins at once), so both give the same reply (lib/constraints.ts turns it into the HttpError).
 */
export type ConstraintSentence =
  /** A unique index: 409 naming the field. */
  | { kind: 'unique'; message: string; field?: string }
  /**
   * A foreign key, read from its owning table's side: `missing` when a write names a row that is
   * not there (400 on `field`); `inUse` when the referenced row is deleted while still used (409).
   */
  | { kind: 'foreignKey'; table: string; field: string; missing: string; inUse?: string }
  /** An exclusion constraint (two bookings overlapping): 409 naming the field. */
  | { kind: 'exclusion'; message: string; field?: string };

export type ConstraintSentences = Record<string, ConstraintSentence>;
