import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationResource } from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { locationsService } from './locations.service';

/** /api/locations/: every signed-in person reads (pickers everywhere); only Admin writes. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    tags: ['locations'],
    writers: ['Admin'],
    schemas: locationResource,
    service: locationsService,
  });
};
