import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { employeeResource, employeeViewSchema, userIdParamsSchema, type EmployeeKind } from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';
import { employeeOfUser, employeesService } from './employees-resource.service';

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
      service: employeesService(kind),
    });

    app.get(
      '/by-user/:user_id/',
      { schema: { tags, params: userIdParamsSchema, response: { 200: employeeViewSchema, ...errorResponses } } },
      async (request) => employeeOfUser(db, kind, request.params.user_id, currentUser(request)),
    );
  };

/** /api/salespersons/: employees of kind 'salesperson'. */
export const salespersonsRoutes = employeeRoutes('salesperson');
/** /api/therapists/: employees of kind 'therapist'. */
export const therapistsRoutes = employeeRoutes('therapist');
/** /api/receptionists/: employees of kind 'receptionist'. */
export const receptionistsRoutes = employeeRoutes('receptionist');
