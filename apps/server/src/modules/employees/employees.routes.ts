import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  employeeDirectorySchema,
  employeeResource,
  employeeViewSchema,
  userIdParamsSchema,
  type Employee,
  type EmployeeKind,
  type EmployeeView,
} from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { currentUser, isAdmin } from '../../plugins/auth';
import {
  createEmployee,
  deleteEmployee,
  getEmployee,
  getEmployeeByUser,
  listEmployees,
  updateEmployee,
  type Viewer,
} from './employees.service';
import { errorResponses } from '../../lib/error-responses';

const viewerOf = (request: FastifyRequest): Viewer => ({ admin: isAdmin(currentUser(request)) });

/**
 * What this caller may read of an employee (docs/decisions/0011): Admins and the person themselves
 * the whole record, everyone else the directory entry. Parsing through the directory schema drops
 * every key it does not declare, so what a non-admin receives is exactly that schema.
 */
export const employeeViewFor =
  (request: FastifyRequest) =>
  (employee: Employee): EmployeeView => {
    const user = currentUser(request);
    return isAdmin(user) || employee.user === user.id ? employee : employeeDirectorySchema.parse(employee);
  };

/**
 * /api/salespersons/, /api/therapists/, /api/receptionists/: one set of routes per kind over the
 * employees table. Every signed-in person reads (staff pick a therapist or salesperson when logging
 * arrivals and sales); only Admin writes.
 */
export const employeeRoutes =
  (kind: EmployeeKind): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = app.deps;
    const tags = ['employees'];

    resourceRoutes(app, {
      tags,
      writers: ['Admin'],
      schemas: employeeResource,
      // The kind is fixed per mount; how much of each record a caller sees depends on who asks.
      service: {
        list: async (db, query, url, request) => {
          const page = await listEmployees(db, kind, query, url, viewerOf(request));
          return { ...page, results: page.results.map(employeeViewFor(request)) };
        },
        get: async (db, id, request) => employeeViewFor(request)(await getEmployee(db, kind, id)),
        create: (db, actorId, body) => createEmployee(db, kind, actorId, body),
        update: (db, actorId, id, body) => updateEmployee(db, kind, actorId, id, body),
        remove: (db, actorId, id) => deleteEmployee(db, kind, actorId, id),
      },
    });

    app.get(
      '/by-user/:user_id/',
      { schema: { tags, params: userIdParamsSchema, response: { 200: employeeViewSchema, ...errorResponses } } },
      async (request) => employeeViewFor(request)(await getEmployeeByUser(db, kind, request.params.user_id)),
    );
  };

/** /api/salespersons/: employees of kind 'salesperson'. */
export const salespersonsRoutes = employeeRoutes('salesperson');
/** /api/therapists/: employees of kind 'therapist'. */
export const therapistsRoutes = employeeRoutes('therapist');
/** /api/receptionists/: employees of kind 'receptionist'. */
export const receptionistsRoutes = employeeRoutes('receptionist');
