import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import type { User } from '../features/auth/api/get-my-data';
import { loadChunk } from '../lib/chunk';
import type * as RoleTilesModule from './routes/dashboard-role-tiles';

export type RoleTiles = typeof RoleTilesModule;
let tiles: RoleTiles | undefined;

/** The dashboard's tiles of everyone but the desk (routes/dashboard-role-tiles.ts; decision 1053). */
export const loadRoleTiles = (): Promise<RoleTiles> =>
  loadChunk(() => import('./routes/dashboard-role-tiles')).then((module) => (tiles = module));

/** Those tiles' code if it has loaded already, so they are drawn at once (decision 1088). */
export const loadedRoleTiles = (): RoleTiles | undefined => tiles;

/** Whether the dashboard shows this person any of those: a Receptionist alone has none. */
export const hasRoleTiles = (user: User) =>
  ['Salesperson', 'Therapist', MANAGER_GROUP, ADMIN_GROUP].some((g) => user.groups.includes(g));
