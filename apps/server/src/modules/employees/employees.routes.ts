import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  MANAGER_GROUP,
  deleteResultSchema,
  employeeBodySchema,
  employeeListQuerySchema,
  employeePatchSchema,
  employeeSchema,
  errorBodySchema,
  idParamsSchema,
  pageSchema,
  userIdParamsSchema,
  type EmployeeKind,
} from '@ginhawa/contract';
import { currentUser, hasAnyGroup } from '../../plugins/auth';
import { createEmployee, deleteEmployee, getEmployee, getEmployeeByUser, listEmployees, updateEmployee, type Viewer } from './employees.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

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

    app.get('/', { schema: { tags, querystring: employeeListQuerySchema, response: { 200: pageSchema(employeeSchema), ...errors } } }, async (request) =>
      listEmployees(db, kind, request.query, request.url, viewerOf(request)),
    );

    app.post('/', { config: { groups: ['Admin'] }, schema: { tags, body: employeeBodySchema, response: { 201: employeeSchema, ...errors } } }, async (request, reply) =>
      reply.code(201).send(await createEmployee(db, kind, currentUser(request).id, request.body, viewerOf(request))),
    );

    app.get('/by-user/:user_id/', { schema: { tags, params: userIdParamsSchema, response: { 200: employeeSchema, ...errors } } }, async (request) =>
      getEmployeeByUser(db, kind, request.params.user_id, viewerOf(request)),
    );

    app.get('/:id/', { schema: { tags, params: idParamsSchema, response: { 200: employeeSchema, ...errors } } }, async (request) =>
      getEmployee(db, kind, request.params.id, viewerOf(request)),
    );

    app.put(
      '/:id/',
      { config: { groups: ['Admin'] }, schema: { tags, params: idParamsSchema, body: employeePatchSchema, response: { 200: employeeSchema, ...errors } } },
      async (request) => updateEmployee(db, kind, currentUser(request).id, request.params.id, request.body, viewerOf(request)),
    );

    app.delete(
      '/:id/',
      { config: { groups: ['Admin'] }, schema: { tags, params: idParamsSchema, response: { 200: deleteResultSchema, ...errors } } },
      async (request) => deleteEmployee(db, kind, currentUser(request).id, request.params.id),
    );
  };
