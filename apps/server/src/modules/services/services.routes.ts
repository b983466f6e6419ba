import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  allowedTreatmentResource,
  idParamsSchema,
  membershipCategoryResource,
  membershipResource,
  membershipSchema,
  treatmentCategoryResource,
  treatmentResource,
  updateCategoriesBodySchema,
} from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { allowedTreatmentsService } from './allowed-treatments.service';
import { membershipCategoriesService, treatmentCategoriesService } from './categories.service';
import { membershipsService, updateMembershipCategories } from './memberships.service';
import { treatmentsService } from './treatments.service';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';

const tags = ['services'];
/** Every signed-in person reads the catalogue; only admins change it (docs/product.md §6). */
const writers = ['Admin'] as const;

/** /api/services/… — the catalogue: treatments, memberships, their categories and what a membership includes. */
export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const mount = (prefix: string, routes: FastifyPluginAsync) => app.register(routes, { prefix });

  await mount('/treatment-categories', async (scope) =>
    resourceRoutes(scope, { tags, writers, schemas: treatmentCategoryResource, service: treatmentCategoriesService }),
  );
  await mount('/membership-categories', async (scope) =>
    resourceRoutes(scope, { tags, writers, schemas: membershipCategoryResource, service: membershipCategoriesService }),
  );
  await mount('/treatments', async (scope) =>
    resourceRoutes(scope, { tags, writers, schemas: treatmentResource, service: treatmentsService }),
  );
  await mount('/membership-allowed-treatments', async (scope) =>
    resourceRoutes(scope, { tags, writers, schemas: allowedTreatmentResource, service: allowedTreatmentsService }),
  );
  await mount('/memberships', async (scope) => {
    resourceRoutes(scope, { tags, writers, schemas: membershipResource, service: membershipsService });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/:id/update_categories/',
      {
        config: { groups: writers },
        schema: {
          tags,
          params: idParamsSchema,
          body: updateCategoriesBodySchema,
          response: { 200: membershipSchema, ...errorResponses },
        },
      },
      async (request) =>
        updateMembershipCategories(db, currentUser(request).id, request.params.id, request.body.categories),
    );
  });
};
