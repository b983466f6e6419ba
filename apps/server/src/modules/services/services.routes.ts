import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allowedTreatmentBodySchema,
  allowedTreatmentListQuerySchema,
  allowedTreatmentPatchSchema,
  allowedTreatmentSchema,
  categoryBodySchema,
  categoryPatchSchema,
  errorBodySchema,
  idParamsSchema,
  membershipBodySchema,
  membershipCategoryListQuerySchema,
  membershipCategorySchema,
  membershipListQuerySchema,
  membershipPatchSchema,
  membershipSchema,
  treatmentBodySchema,
  treatmentCategoryListQuerySchema,
  treatmentCategorySchema,
  treatmentListQuerySchema,
  treatmentPatchSchema,
  treatmentSchema,
  updateCategoriesBodySchema,
} from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { currentUser } from '../../plugins/auth';
import { membershipCategoriesService, treatmentCategoriesService } from './categories.service';
import { createTreatment, deleteTreatment, getTreatment, listTreatments, updateTreatment } from './treatments.service';
import { createMembership, deleteMembership, getMembership, listMemberships, updateMembership, updateMembershipCategories } from './memberships.service';
import { createAllowedTreatment, deleteAllowedTreatment, getAllowedTreatment, listAllowedTreatments, updateAllowedTreatment } from './allowed-treatments.service';

const tags = ['services'];
const writeErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
/** Every signed-in person reads the catalogue; only admins change it (DESIGN.md §3). */
const writers = ['Admin'] as const;

/** /api/services/… — the catalogue: treatments, memberships, their categories and what a membership includes. */
export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await app.register(
    async (scope) =>
      resourceRoutes(scope, {
        tags,
        writers,
        item: treatmentCategorySchema,
        listQuery: treatmentCategoryListQuerySchema,
        createBody: categoryBodySchema,
        putBody: categoryBodySchema,
        patchBody: categoryPatchSchema,
        list: (query, url) => treatmentCategoriesService.list(db, query, url),
        get: (id) => treatmentCategoriesService.get(db, id),
        create: (actorId, body) => treatmentCategoriesService.create(db, actorId, body),
        update: (actorId, id, body) => treatmentCategoriesService.update(db, actorId, id, body),
        remove: (actorId, id) => treatmentCategoriesService.remove(db, actorId, id),
      }),
    { prefix: '/treatment-categories' },
  );

  await app.register(
    async (scope) =>
      resourceRoutes(scope, {
        tags,
        writers,
        item: membershipCategorySchema,
        listQuery: membershipCategoryListQuerySchema,
        createBody: categoryBodySchema,
        putBody: categoryBodySchema,
        patchBody: categoryPatchSchema,
        list: (query, url) => membershipCategoriesService.list(db, query, url),
        get: (id) => membershipCategoriesService.get(db, id),
        create: (actorId, body) => membershipCategoriesService.create(db, actorId, body),
        update: (actorId, id, body) => membershipCategoriesService.update(db, actorId, id, body),
        remove: (actorId, id) => membershipCategoriesService.remove(db, actorId, id),
      }),
    { prefix: '/membership-categories' },
  );

  await app.register(
    async (scope) =>
      resourceRoutes(scope, {
        tags,
        writers,
        item: treatmentSchema,
        listQuery: treatmentListQuerySchema,
        createBody: treatmentBodySchema,
        putBody: treatmentBodySchema,
        patchBody: treatmentPatchSchema,
        list: (query, url) => listTreatments(db, query, url),
        get: (id) => getTreatment(db, id),
        create: (actorId, body) => createTreatment(db, actorId, body),
        update: (actorId, id, body) => updateTreatment(db, actorId, id, body),
        remove: (actorId, id) => deleteTreatment(db, actorId, id),
      }),
    { prefix: '/treatments' },
  );

  await app.register(
    async (scope) => {
      resourceRoutes(scope, {
        tags,
        writers,
        item: membershipSchema,
        listQuery: membershipListQuerySchema,
        createBody: membershipBodySchema,
        putBody: membershipBodySchema,
        patchBody: membershipPatchSchema,
        list: (query, url) => listMemberships(db, query, url),
        get: (id) => getMembership(db, id),
        create: (actorId, body) => createMembership(db, actorId, body),
        update: (actorId, id, body) => updateMembership(db, actorId, id, body),
        remove: (actorId, id) => deleteMembership(db, actorId, id),
      });
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/:id/update_categories/',
        { config: { groups: writers }, schema: { tags, params: idParamsSchema, body: updateCategoriesBodySchema, response: { 200: membershipSchema, ...writeErrors } } },
        async (request) => updateMembershipCategories(db, currentUser(request).id, request.params.id, request.body.categories),
      );
    },
    { prefix: '/memberships' },
  );

  await app.register(
    async (scope) =>
      resourceRoutes(scope, {
        tags,
        writers,
        item: allowedTreatmentSchema,
        listQuery: allowedTreatmentListQuerySchema,
        createBody: allowedTreatmentBodySchema,
        putBody: allowedTreatmentBodySchema,
        patchBody: allowedTreatmentPatchSchema,
        list: (query, url) => listAllowedTreatments(db, query, url),
        get: (id) => getAllowedTreatment(db, id),
        create: (actorId, body) => createAllowedTreatment(db, actorId, body),
        update: (actorId, id, body) => updateAllowedTreatment(db, actorId, id, body),
        remove: (actorId, id) => deleteAllowedTreatment(db, actorId, id),
      }),
    { prefix: '/membership-allowed-treatments' },
  );
};
