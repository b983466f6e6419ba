import {
  employeeDirectorySchema,
  type Employee,
  type EmployeeChanges,
  type EmployeeInput,
  type EmployeeKind,
  type EmployeeQuery,
  type EmployeeView,
} from '@ginhawa/contract';
import type { Db } from '../../db/client';
import { isAdmin, type AuthUser } from '../../lib/actor';
import {
  createEmployee,
  deleteEmployee,
  getEmployee,
  getEmployeeByUser,
  listEmployees,
  updateEmployee,
} from './employees.service';

/**
 * What this actor may read of an employee (docs/decisions/0011): Admins and the person themselves
 * the whole record, everyone else the directory entry. Parsing through the directory schema drops
 * every key it does not declare, so what a non-admin receives is exactly that schema.
 */
export const employeeViewFor =
  (actor: AuthUser) =>
  (employee: Employee): EmployeeView =>
    isAdmin(actor) || employee.user === actor.id ? employee : employeeDirectorySchema.parse(employee);

/**
 * What the resource routes of one kind call (lib/resource-routes.ts): the kind is fixed per mount;
 * reads answer with the actor's view of each record.
 */
export const employeesService = (kind: EmployeeKind) => ({
  list: async (db: Db, query: EmployeeQuery, url: string, actor: AuthUser) => {
    const page = await listEmployees(db, kind, query, url, { admin: isAdmin(actor) });
    return { ...page, results: page.results.map(employeeViewFor(actor)) };
  },
  get: async (db: Db, id: number, actor: AuthUser) => employeeViewFor(actor)(await getEmployee(db, kind, id)),
  create: (db: Db, actorId: number, body: EmployeeInput) => createEmployee(db, kind, actorId, body),
  update: (db: Db, actorId: number, id: number, body: EmployeeChanges) => updateEmployee(db, kind, actorId, id, body),
  remove: (db: Db, actorId: number, id: number) => deleteEmployee(db, kind, actorId, id),
});

/** The employee record of one kind that a user has, as the actor may see it. */
export const employeeOfUser = async (db: Db, kind: EmployeeKind, userId: number, actor: AuthUser) =>
  employeeViewFor(actor)(await getEmployeeByUser(db, kind, userId));
