import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationBodySchema, locationListQuerySchema, locationPatchSchema, locationPutSchema, locationSchema } from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { createLocation, deleteLocation, getLocation, listLocations, updateLocation } from './locations.service';

/** /api/locations/: every signed-in person reads (pickers everywhere); only Admin writes. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  resourceRoutes(app, {
    tags: ['locations'],
    writers: ['Admin'],
    item: locationSchema,
    listQuery: locationListQuerySchema,
    createBody: locationBodySchema,
    putBody: locationPutSchema,
    patchBody: locationPatchSchema,
    list: (query, url) => listLocations(db, query, url),
    get: (id) => getLocation(db, id),
    create: (actorId, body) => createLocation(db, actorId, body),
    update: (actorId, id, body) => updateLocation(db, actorId, id, body),
    remove: (actorId, id) => deleteLocation(db, actorId, id),
  });
};
