import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteResultSchema,
  errorBodySchema,
  idParamsSchema,
  locationBodySchema,
  locationListQuerySchema,
  locationPatchSchema,
  locationSchema,
  pageSchema,
} from '@ginhawa/contract';
import { currentUser } from '../../plugins/auth';
import { createLocation, deleteLocation, getLocation, listLocations, updateLocation } from './locations.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const tags = ['locations'];

/** /api/locations/: every signed-in person reads (pickers everywhere); only Admin writes. */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get('/', { schema: { tags, querystring: locationListQuerySchema, response: { 200: pageSchema(locationSchema), ...errors } } }, async (request) =>
    listLocations(db, request.query, request.url),
  );

  app.post('/', { config: { groups: ['Admin'] }, schema: { tags, body: locationBodySchema, response: { 201: locationSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createLocation(db, currentUser(request).id, request.body)),
  );

  app.get('/:id/', { schema: { tags, params: idParamsSchema, response: { 200: locationSchema, ...errors } } }, async (request) =>
    getLocation(db, request.params.id),
  );

  app.put(
    '/:id/',
    { config: { groups: ['Admin'] }, schema: { tags, params: idParamsSchema, body: locationPatchSchema, response: { 200: locationSchema, ...errors } } },
    async (request) => updateLocation(db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id/',
    { config: { groups: ['Admin'] }, schema: { tags, params: idParamsSchema, response: { 200: deleteResultSchema, ...errors } } },
    async (request) => deleteLocation(db, currentUser(request).id, request.params.id),
  );
};
