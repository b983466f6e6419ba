import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  deleteResultSchema,
  idParamsSchema,
  pageSchema,
  type DeleteResult,
  type GroupName,
  type Page,
} from '@ginhawa/contract';
import type { Db } from '../db/client';
import { currentUser, type AuthUser } from './actor';
import { errorResponses } from './error-responses';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The contract schemas of a resource (e.g. `bankResource` in @ginhawa/contract). */
export type ResourceSchemas = {
  item: z.ZodType;
  listQuery: z.ZodType;
  createBody: z.ZodType;
  /** PUT replaces: every required field. */
  putBody: z.ZodType;
  /** PATCH changes the fields given. */
  patchBody: z.ZodType;
};

type Item<S extends ResourceSchemas> = z.input<S['item']>;

/**
 * The five service calls behind the routes. Each is given the signed-in actor, never the request
 * (docs/architecture.md "Services see an actor"): what the caller may see or do (who reads a full
 * record, where they may write) is the service's decision. `actorId` is `actor.id`, kept first for
 * the services that only record who wrote.
 */
export type ResourceService<S extends ResourceSchemas> = {
  list: (db: Db, query: z.output<S['listQuery']>, url: string, actor: AuthUser) => Promise<Page<Item<S>>>;
  get: (db: Db, id: number, actor: AuthUser) => Promise<Item<S>>;
  create: (db: Db, actorId: number, body: z.output<S['createBody']>, actor: AuthUser) => Promise<Item<S>>;
  update: (
    db: Db,
    actorId: number,
    id: number,
    body: z.output<S['putBody']> | z.output<S['patchBody']>,
    actor: AuthUser,
  ) => Promise<Item<S>>;
  remove: (db: Db, actorId: number, id: number, actor: AuthUser) => Promise<DeleteResult>;
};

export type ResourceSpec<S extends ResourceSchemas> = {
  tags: string[];
  /** Who may read; every signed-in person when absent. */
  readers?: readonly GroupName[];
  /** Who may create, replace, change and delete. */
  writers: readonly GroupName[];
  /** Who may create, when more may create than change (staff add clients; managers edit them). */
  creators?: readonly GroupName[];
  schemas: S;
  service: ResourceService<S>;
};

/**
 * The six routes of a resource, the same everywhere (docs/api.md "Update and delete"):
 * GET / (page), POST / (201), GET /:id/, PUT /:id/ (replace), PATCH /:id/ (change), DELETE /:id/
 * (`{result, message}`). A module's routes file is then who may call it and which service answers.
 */
export const resourceRoutes = <S extends ResourceSchemas>(
  app: App,
  { tags, readers, writers, creators, schemas, service }: ResourceSpec<S>,
) => {
  const read: { groups?: readonly GroupName[] } = readers ? { groups: readers } : {};
  const write = { groups: writers };
  const create = { groups: creators ?? writers };
  const params = idParamsSchema;
  const { db } = app.deps;
  // The schemas below validate and convert before each handler, so the handlers read their outputs;
  // the generic specs are beyond the Zod type provider's inference, hence the default provider here.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParamsSchema>).id;

  routes.get(
    '/',
    {
      config: read,
      schema: { tags, querystring: schemas.listQuery, response: { 200: pageSchema(schemas.item), ...errorResponses } },
    },
    async (request) => service.list(db, request.query as z.output<S['listQuery']>, request.url, currentUser(request)),
  );
  routes.post(
    '/',
    { config: create, schema: { tags, body: schemas.createBody, response: { 201: schemas.item, ...errorResponses } } },
    async (request, reply) => {
      const actor = currentUser(request);
      return reply.code(201).send(await service.create(db, actor.id, request.body as z.output<S['createBody']>, actor));
    },
  );
  routes.get(
    '/:id/',
    { config: read, schema: { tags, params, response: { 200: schemas.item, ...errorResponses } } },
    async (request) => service.get(db, idOf(request), currentUser(request)),
  );
  // PUT replaces, PATCH changes: the same service call, each with its own body schema.
  for (const [method, body] of [
    ['PUT', schemas.putBody],
    ['PATCH', schemas.patchBody],
  ] as const) {
    routes.route({
      method,
      url: '/:id/',
      config: write,
      schema: { tags, params, body, response: { 200: schemas.item, ...errorResponses } },
      handler: async (request) => {
        const actor = currentUser(request);
        const changes = request.body as z.output<S['putBody']> | z.output<S['patchBody']>;
        return service.update(db, actor.id, idOf(request), changes, actor);
      },
    });
  }
  routes.delete(
    '/:id/',
    { config: write, schema: { tags, params, response: { 200: deleteResultSchema, ...errorResponses } } },
    async (request) => {
      const actor = currentUser(request);
      return service.remove(db, actor.id, idOf(request), actor);
    },
  );
};
