import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import type { User } from '../features/auth/api/get-my-data';
import { rememberedChunk } from '../lib/chunk';
import type * as RoleTilesModule from './routes/dashboard-role-tiles';

export type RoleTiles = typeof RoleTilesModule;

/**
 * The dashboard's tiles of everyone but the desk (routes/dashboard-role-tiles.ts; decision 1053),
 * drawn at once when their code is here (decision 1088).
 */
export const roleTilesChunk = rememberedChunk<RoleTiles>(() => import('./routes/dashboard-role-tiles'));
export const loadRoleTiles = roleTilesChunk.load;

/** Whether the dashboard shows this person any of those: a Receptionist alone has none. */
export const hasRoleTiles = (user: User) =>
  ['Salesperson', 'Therapist', MANAGER_GROUP, ADMIN_GROUP].some((g) => user.groups.includes(g));
