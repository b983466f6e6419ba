import type { DeleteResult } from '@ginhawa/contract';
import type { Tx } from '../db/client';
import { conflict } from './http-error';
import { pgErrorCode } from './pg-errors';

/**
 * Runs `remove` inside a savepoint. If some other table still points at the row (a foreign-key
 * refusal, SQLSTATE 23503), the savepoint is rolled back and false is returned, so the caller can
 * deactivate instead; the database, not a list kept here, knows every reference.
 */
export const deleteUnlessReferenced = async (tx: Tx, remove: (sp: Tx) => Promise<unknown>): Promise<boolean> => {
  try {
    await tx.transaction(async (sp) => {
      await remove(sp);
    });
    return true;
  } catch (err) {
    if (pgErrorCode(err) === '23503') return false;
    throw err;
  }
};

export type DeleteOrDeactivate = {
  /** Deletes the row (inside a savepoint); a foreign-key refusal means "in use". */
  remove: (sp: Tx) => Promise<unknown>;
  /** Marks the row inactive; called only when it is in use and still active. */
  deactivate: () => Promise<unknown>;
  isActive: boolean;
  /** In use for a reason the foreign keys do not show (links that cascade): skip the delete. */
  knownInUse?: boolean;
  /** The row as people call it: "Location “Makati”", "Bank account BPI ••••1234". */
  label: string;
  /** Why it is kept: "is used by recorded payments", "is in use by other records". */
  inUse: string;
  /** The deleted message when it should say more than "<label> deleted." */
  deleted?: string;
};

/**
 * The one DELETE answer for rows other records may refer to: deleted when nothing does;
 * deactivated instead when something does; 409 `{message}` when it is in use and already inactive.
 */
export const deleteOrDeactivate = async (tx: Tx, spec: DeleteOrDeactivate): Promise<DeleteResult> => {
  if (!spec.knownInUse && (await deleteUnlessReferenced(tx, spec.remove)))
    return { result: 'deleted', message: spec.deleted ?? `${spec.label} deleted.` };
  if (!spec.isActive) throw conflict(`${spec.label} ${spec.inUse} and is already inactive, so it cannot be deleted.`);
  await spec.deactivate();
  return { result: 'deactivated', message: `${spec.label} ${spec.inUse}, so it was deactivated instead of deleted.` };
};
