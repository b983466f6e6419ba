/**
 * Who is at the desk, as the client screens need it: the signed-in person's user id, the locations
 * they work at and whether they are an Admin. The app passes it in (a feature does not read the app's session).
 * Staff serve a client at their own branch, whatever the client's home (docs/decisions/0410).
 */
export type DeskUser = { id: number; locations: readonly number[]; admin: boolean };

/** Where a visit or a new client is filed by default: the person's own (first) location, else `fallback`. */
export const ownLocation = (desk: DeskUser | undefined, fallback: number | null): number | null =>
  desk?.locations[0] ?? fallback;

/** The locations a person may serve at: their own, or any for an Admin (or when nobody is known). */
export const servableLocations = <L extends { id: number }>(desk: DeskUser | undefined, all: readonly L[]): L[] =>
  !desk || desk.admin ? [...all] : all.filter((l) => desk.locations.includes(l.id));
