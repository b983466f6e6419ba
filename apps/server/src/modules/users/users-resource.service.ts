import { userDirectorySchema, type AdminUser, type UserQuery, type UserView } from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { isAdmin, type AuthUser } from '../../lib/actor';
import { createUser, deleteUser, getAdminUser, listUsers, updateUser } from './users.service';

/**
 * What this actor may read of an account: Admins and the person themselves the whole record,
 * Managers the directory entry (parsing drops every key the directory does not declare).
 */
export const userViewFor =
  (actor: AuthUser) =>
  (account: AdminUser): UserView =>
    isAdmin(actor) || account.id === actor.id ? account : userDirectorySchema.parse(account);

/** What the resource routes call (lib/resource-routes.ts): reads answer with the actor's view of each account. */
export const usersService = {
  list: async (db: Db, query: UserQuery, url: string, actor: AuthUser) => {
    const page = await listUsers(db, query, url, { admin: isAdmin(actor) });
    return { ...page, results: page.results.map(userViewFor(actor)) };
  },
  get: async (db: Db, id: number, actor: AuthUser) => userViewFor(actor)(await getAdminUser(db, id)),
  create: createUser,
  update: updateUser,
  remove: deleteUser,
};
