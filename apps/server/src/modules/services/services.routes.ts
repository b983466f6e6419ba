import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allowedTreatmentBodySchema,
  allowedTreatmentListQuerySchema,
  allowedTreatmentPatchSchema,
  allowedTreatmentSchema,
  categoryBodySchema,
  categoryListQuerySchema,
  categoryPatchSchema,
  errorBodySchema,
  idParamsSchema,
  membershipBodySchema,
  membershipCategorySchema,
  membershipListQuerySchema,
  membershipPatchSchema,
  membershipSchema,
  pageSchema,
  treatmentBodySchema,
  treatmentCategorySchema,
  treatmentListQuerySchema,
  treatmentPatchSchema,
  treatmentSchema,
  updateCategoriesBodySchema,
} from '@ginhawa/contract';
import { currentUser } from '../../plugins/auth';
import { membershipCategoriesService, treatmentCategoriesService } from './categories.service';
import { createTreatment, deleteTreatment, getTreatment, listTreatments, updateTreatment } from './treatments.service';
import {
  createMembership,
  deleteMembership,
  getMembership,
  listMemberships,
  updateMembership,
  updateMembershipCategories,
} from './memberships.service';
import {
  createAllowedTreatment,
  deleteAllowedTreatment,
  getAllowedTreatment,
  listAllowedTreatments,
  updateAllowedTreatment,
} from './allowed-treatments.service';

const tags = ['services'];
const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const writeErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
/** Every signed-in person reads the catalogue; only admins change it (DESIGN.md §3). */
const adminOnly = { groups: ['Admin'] } as const;
const noContent = { 204: z.null().describe('Deleted.') };

/** /api/services/… — the catalogue: treatments, memberships, their categories and what a membership includes. */
export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // ——— treatment categories ———
  for (const [path, service, schema] of [
    ['/treatment-categories/', treatmentCategoriesService, treatmentCategorySchema],
    ['/membership-categories/', membershipCategoriesService, membershipCategorySchema],
  ] as const) {
    // The two category kinds share one service shape; each keeps its own read schema.
    const item = schema as z.ZodType<Awaited<ReturnType<typeof service.get>>>;
    app.get(`${path}`, { schema: { tags, querystring: categoryListQuerySchema, response: { 200: pageSchema(item), ...readErrors } } }, async (request) =>
      service.list(db, request.query, request.url),
    );
    app.post(
      `${path}`,
      { config: adminOnly, schema: { tags, body: categoryBodySchema, response: { 201: item, ...writeErrors } } },
      async (request, reply) => reply.code(201).send(await service.create(db, currentUser(request).id, request.body)),
    );
    app.get(`${path}:id/`, { schema: { tags, params: idParamsSchema, response: { 200: item, ...readErrors } } }, async (request) =>
      service.get(db, request.params.id),
    );
    app.put(
      `${path}:id/`,
      { config: adminOnly, schema: { tags, params: idParamsSchema, body: categoryBodySchema, response: { 200: item, ...writeErrors } } },
      async (request) => service.update(db, currentUser(request).id, request.params.id, request.body),
    );
    app.patch(
      `${path}:id/`,
      { config: adminOnly, schema: { tags, params: idParamsSchema, body: categoryPatchSchema, response: { 200: item, ...writeErrors } } },
      async (request) => service.update(db, currentUser(request).id, request.params.id, request.body),
    );
    app.delete(
      `${path}:id/`,
      { config: adminOnly, schema: { tags, params: idParamsSchema, response: { ...noContent, ...writeErrors } } },
      async (request, reply) => {
        await service.remove(db, currentUser(request).id, request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  // ——— treatments ———
  app.get('/treatments/', { schema: { tags, querystring: treatmentListQuerySchema, response: { 200: pageSchema(treatmentSchema), ...readErrors } } }, async (request) =>
    listTreatments(db, request.query, request.url),
  );
  app.post('/treatments/', { config: adminOnly, schema: { tags, body: treatmentBodySchema, response: { 201: treatmentSchema, ...writeErrors } } }, async (request, reply) =>
    reply.code(201).send(await createTreatment(db, currentUser(request).id, request.body)),
  );
  app.get('/treatments/:id/', { schema: { tags, params: idParamsSchema, response: { 200: treatmentSchema, ...readErrors } } }, async (request) =>
    getTreatment(db, request.params.id),
  );
  app.put(
    '/treatments/:id/',
    { config: adminOnly, schema: { tags, params: idParamsSchema, body: treatmentBodySchema, response: { 200: treatmentSchema, ...writeErrors } } },
    async (request) => updateTreatment(db, currentUser(request).id, request.params.id, request.body),
  );
  app.patch(
    '/treatments/:id/',
    { config: adminOnly, schema: { tags, params: idParamsSchema, body: treatmentPatchSchema, response: { 200: treatmentSchema, ...writeErrors } } },
    async (request) => updateTreatment(db, currentUser(request).id, request.params.id, request.body),
  );
  app.delete('/treatments/:id/', { config: adminOnly, schema: { tags, params: idParamsSchema, response: { ...noContent, ...writeErrors } } }, async (request, reply) => {
    await deleteTreatment(db, currentUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });

  // ——— memberships ———
  app.get('/memberships/', { schema: { tags, querystring: membershipListQuerySchema, response: { 200: pageSchema(membershipSchema), ...readErrors } } }, async (request) =>
    listMemberships(db, request.query, request.url),
  );
  app.post('/memberships/', { config: adminOnly, schema: { tags, body: membershipBodySchema, response: { 201: membershipSchema, ...writeErrors } } }, async (request, reply) =>
    reply.code(201).send(await createMembership(db, currentUser(request).id, request.body)),
  );
  app.get('/memberships/:id/', { schema: { tags, params: idParamsSchema, response: { 200: membershipSchema, ...readErrors } } }, async (request) =>
    getMembership(db, request.params.id),
  );
  app.put(
    '/memberships/:id/',
    { config: adminOnly, schema: { tags, params: idParamsSchema, body: membershipBodySchema, response: { 200: membershipSchema, ...writeErrors } } },
    async (request) => updateMembership(db, currentUser(request).id, request.params.id, request.body),
  );
  app.patch(
    '/memberships/:id/',
    { config: adminOnly, schema: { tags, params: idParamsSchema, body: membershipPatchSchema, response: { 200: membershipSchema, ...writeErrors } } },
    async (request) => updateMembership(db, currentUser(request).id, request.params.id, request.body),
  );
  app.delete('/memberships/:id/', { config: adminOnly, schema: { tags, params: idParamsSchema, response: { ...noContent, ...writeErrors } } }, async (request, reply) => {
    await deleteMembership(db, currentUser(request).id, request.params.id);
    return reply.code(204).send(null);
  });
  app.post(
    '/memberships/:id/update_categories/',
    { config: adminOnly, schema: { tags, params: idParamsSchema, body: updateCategoriesBodySchema, response: { 200: membershipSchema, ...writeErrors } } },
    async (request) => updateMembershipCategories(db, currentUser(request).id, request.params.id, request.body.categories),
  );

  // ——— membership allowed treatments ———
  app.get(
    '/membership-allowed-treatments/',
    { schema: { tags, querystring: allowedTreatmentListQuerySchema, response: { 200: pageSchema(allowedTreatmentSchema), ...readErrors } } },
    async (request) => listAllowedTreatments(db, request.query, request.url),
  );
  app.post(
    '/membership-allowed-treatments/',
    { config: adminOnly, schema: { tags, body: allowedTreatmentBodySchema, response: { 201: allowedTreatmentSchema, ...writeErrors } } },
    async (request, reply) => reply.code(201).send(await createAllowedTreatment(db, currentUser(request).id, request.body)),
  );
  app.get(
    '/membership-allowed-treatments/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: allowedTreatmentSchema, ...readErrors } } },
    async (request) => getAllowedTreatment(db, request.params.id),
  );
  app.put(
    '/membership-allowed-treatments/:id/',
    { config: adminOnly, schema: { tags, params: idParamsSchema, body: allowedTreatmentBodySchema, response: { 200: allowedTreatmentSchema, ...writeErrors } } },
    async (request) => updateAllowedTreatment(db, currentUser(request).id, request.params.id, request.body),
  );
  app.patch(
    '/membership-allowed-treatments/:id/',
    { config: adminOnly, schema: { tags, params: idParamsSchema, body: allowedTreatmentPatchSchema, response: { 200: allowedTreatmentSchema, ...writeErrors } } },
    async (request) => updateAllowedTreatment(db, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/membership-allowed-treatments/:id/',
    { config: adminOnly, schema: { tags, params: idParamsSchema, response: { ...noContent, ...writeErrors } } },
    async (request, reply) => {
      await deleteAllowedTreatment(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
