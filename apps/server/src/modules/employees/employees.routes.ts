import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  MANAGER_GROUP,
  employeeResource,
  employeeSchema,
  errorBodySchema,
  userIdParamsSchema,
  type EmployeeKind,
} from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { currentUser, hasAnyGroup } from '../../plugins/auth';
import { createEmployee, deleteEmployee, getEmployee, getEmployeeByUser, listEmployees, updateEmployee, type Viewer } from './employees.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const viewerOf = (request: FastifyRequest): Viewer => ({ seesContact: hasAnyGroup(currentUser(request), [MANAGER_GROUP]) });

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
      // The kind is fixed per mount; what a caller sees (phone numbers) depends on who asks.
      service: {
        list: (db, query, url, request) => listEmployees(db, kind, query, url, viewerOf(request)),
        get: (db, id, request) => getEmployee(db, kind, id, viewerOf(request)),
        create: (db, actorId, body, request) => createEmployee(db, kind, actorId, body, viewerOf(request)),
        update: (db, actorId, id, body, request) => updateEmployee(db, kind, actorId, id, body, viewerOf(request)),
        remove: (db, actorId, id) => deleteEmployee(db, kind, actorId, id),
      },
    });

    app.get('/by-user/:user_id/', { schema: { tags, params: userIdParamsSchema, response: { 200: employeeSchema, ...errors } } }, async (request) =>
      getEmployeeByUser(db, kind, request.params.user_id, viewerOf(request)),
    );
  };

/** /api/salespersons/: employees of kind 'salesperson'. */
export const salespersonsRoutes = employeeRoutes('salesperson');
/** /api/therapists/: employees of kind 'therapist'. */
export const therapistsRoutes = employeeRoutes('therapist');
/** /api/receptionists/: employees of kind 'receptionist'. */
export const receptionistsRoutes = employeeRoutes('receptionist');
