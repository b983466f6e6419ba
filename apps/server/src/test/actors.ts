import type { AuthUser } from '../lib/actor';

/**
 * The seeded admin as a service sees it (lib/actor.ts), for the tests and benches that call a
 * service directly rather than through a route: `id` is the admin's row in that database.
 */
export const adminActor = (id: number): AuthUser => ({
  id,
  username: 'admin',
  firstName: '',
  lastName: '',
  email: '',
  avatar: null,
  groups: ['Admin'],
  locations: [],
  mustChangePassword: false,
});
