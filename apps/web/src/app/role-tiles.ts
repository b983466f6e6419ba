import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import type { User } from '../features/auth/api/get-my-data';
import { loadChunk } from '../lib/chunk';

/** The dashboard's tiles of everyone but the desk (routes/dashboard-role-tiles.ts; decision 1053). */
export const loadRoleTiles = () => loadChunk(() => import('./routes/dashboard-role-tiles'));

/** Whether the dashboard shows this person any of those: a Receptionist alone has none. */
export const hasRoleTiles = (user: User) =>
  ['Salesperson', 'Therapist', MANAGER_GROUP, ADMIN_GROUP].some((g) => user.groups.includes(g));
