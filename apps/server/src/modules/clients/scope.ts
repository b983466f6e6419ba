import { forbidden } from '../../lib/http-error';
import { readsEveryLocation, type AuthUser } from '../../lib/actor';
import { EVERYWHERE, inScope, workplaceScope, type Scope } from '../../lib/scope';

/**
 * Who reads and writes what in the clients module (docs/product.md §6):
 * Admins everywhere; Managers read every location and write at their own; staff read and write at
 * the locations they work at (user_locations). Clients belong to the business, not a branch: every
 * signed-in staff member reads any client and that client's memberships, vouchers and arrivals
 * (`CLIENTS_READ_BY_ALL`), and serves them at a location they work at; `readScope` bounds the
 * location figures (arrival counts, charts, lists not about one client). A write at a location the
 * caller does not work at answers 403 (docs/decisions/0400-clients.md, 0410-clients-belong-to-the-business.md).
 */
/** Also the live hub's filter for `arrivals_changed` frames (lib/actor.ts `mayReadLocation`). */
export const readScope = (user: AuthUser): Scope => (readsEveryLocation(user) ? EVERYWHERE : workplaceScope(user));

/** Every staff member reads every client (decision 0410): the scope of client reads. */
export const CLIENTS_READ_BY_ALL: Scope = EVERYWHERE;

/** Managers export and change the clients whose home location is theirs; Admins all (decision 0410). */
export const writeScope = (user: AuthUser): Scope => workplaceScope(user);

export const assertWritable = (user: AuthUser, locationId: number, locationName: string) => {
  if (!inScope(writeScope(user), locationId))
    throw forbidden(`You do not work at ${locationName}, so you cannot record this there.`);
};
