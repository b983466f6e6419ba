import type { FastifyRequest } from 'fastify';
import { ADMIN_GROUP, MANAGER_GROUP } from '@ginhawa/contract';
import { unauthorized } from './http-error';

/**
 * The signed-in person a service acts for (docs/architecture.md "Services see an actor"): routes
 * hand services this, never the request, so a service reads the same from a route, a socket or a
 * script. It lives in lib/ because every layer above names it: plugins/auth sets it, modules use it.
 */
export type AuthUser = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  groups: string[];
  /** Where the person works (a Manager's scope), by name. */
  locations: { id: number; name: string }[];
  /**
   * Someone else set the password (an Admin, or ADMIN_PASSWORD): until the person chooses their own,
   * plugins/auth.ts lets them reach only who-am-I, the change itself and sign-out (decision 0017).
   */
  mustChangePassword: boolean;
};

/** How the actor signed in: a session cookie (with its CSRF token) or a bearer token of a family. */
export type Identity =
  | {
      user: AuthUser;
      via: 'session';
      sessionId: number;
      csrfToken: string;
      /** The route's `alongSession` row, read in the same statement (null: none; undefined: not asked). */
      along?: Record<string, unknown> | null;
    }
  | { user: AuthUser; via: 'bearer'; /** ms since epoch */ expiresAt: number; familyId: number };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** Set by plugins/auth.ts before any handler runs; null for an anonymous caller of a public route. */
    identity: Identity | null;
  }
}

/** The name a notice gives the person who acted: first and last name, else the username. */
export const displayName = (user: Pick<AuthUser, 'firstName' | 'lastName' | 'username'>) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

export const isAdmin = (user: Pick<AuthUser, 'groups'>) => user.groups.includes(ADMIN_GROUP);
export const hasAnyGroup = (user: Pick<AuthUser, 'groups'>, allowed: readonly string[]) =>
  isAdmin(user) || user.groups.some((g) => allowed.includes(g));

/** Admins and Managers read every location's figures; staff read those they work at (docs/product.md §6). */
export const readsEveryLocation = (user: Pick<AuthUser, 'groups'>) =>
  isAdmin(user) || user.groups.includes(MANAGER_GROUP);

/** Whether the actor may read a location's figures (arrival counts, live arrival frames). */
export const mayReadLocation = (user: Pick<AuthUser, 'groups' | 'locations'>, locationId: number) =>
  readsEveryLocation(user) || user.locations.some((l) => l.id === locationId);

/** The signed-in user of a route that is not public (the onRequest hook of plugins/auth.ts guarantees one). */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.identity) throw unauthorized();
  return request.identity.user;
};
