/**
 * The vocabulary of every role-matrix test: each route × each caller, with the status that caller
 * must get. One place, so every matrix reads the same way.
 */
export const ROLES = ['anonymous', 'Salesperson', 'Therapist', 'Receptionist', 'Manager', 'Admin'] as const;
export type Role = (typeof ROLES)[number];
export type Expect = Record<Role, number>;

/** Everybody, signed in or not. */
export const everyone = (status: number): Expect => ({
  anonymous: status,
  Salesperson: status,
  Therapist: status,
  Receptionist: status,
  Manager: status,
  Admin: status,
});
/** Any signed-in person. */
export const signedIn = (status: number): Expect => ({ ...everyone(status), anonymous: 401 });
/** Admin and Manager. */
export const managers = (status: number): Expect => ({
  anonymous: 401,
  Salesperson: 403,
  Therapist: 403,
  Receptionist: 403,
  Manager: status,
  Admin: status,
});
/** Admin only. */
export const adminOnly = (status: number): Expect => ({ ...managers(status), Manager: 403 });
