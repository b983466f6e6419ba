import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { deleteResultSchema, errorBodySchema, idParamsSchema, pageSchema, type DeleteResult, type GroupName, type Page } from '@ginhawa/contract';
import { currentUser } from '../plugins/auth';

type App = Parameters<FastifyPluginAsyncZod>[0];

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export type ResourceSpec<
  Item extends z.ZodType,
  ListQuery extends z.ZodType,
  CreateBody extends z.ZodType,
  PutBody extends z.ZodType,
  PatchBody extends z.ZodType,
> = {
  tags: string[];
  /** Who may read; every signed-in person when absent. */
  readers?: readonly GroupName[];
  /** Who may create, replace, change and delete. */
  writers: readonly GroupName[];
  item: Item;
  listQuery: ListQuery;
  createBody: CreateBody;
  /** PUT replaces: every required field. */
  putBody: PutBody;
  /** PATCH changes the fields given. */
  patchBody: PatchBody;
  list: (query: z.output<ListQuery>, url: string, request: FastifyRequest) => Promise<Page<z.input<Item>>>;
  get: (id: number, request: FastifyRequest) => Promise<z.input<Item>>;
  create: (actorId: number, body: z.output<CreateBody>, request: FastifyRequest) => Promise<z.input<Item>>;
  update: (actorId: number, id: number, body: z.output<PutBody> | z.output<PatchBody>, request: FastifyRequest) => Promise<z.input<Item>>;
  remove: (actorId: number, id: number, request: FastifyRequest) => Promise<DeleteResult>;
};

/**
 * The six routes of a resource, the same everywhere (docs/api.md "Update and delete"):
 * GET / (page), POST / (201), GET /:id/, PUT /:id/ (replace), PATCH /:id/ (change), DELETE /:id/
 * (`{result, message}`). A module's routes file is then its schemas and service calls.
 */
export const resourceRoutes = <
  Item extends z.ZodType,
  ListQuery extends z.ZodType,
  CreateBody extends z.ZodType,
  PutBody extends z.ZodType,
  PatchBody extends z.ZodType,
>(
  app: App,
  spec: ResourceSpec<Item, ListQuery, CreateBody, PutBody, PatchBody>,
) => {
  const { tags } = spec;
  const read: { groups?: readonly GroupName[] } = spec.readers ? { groups: spec.readers } : {};
  const write = { groups: spec.writers };
  const params = idParamsSchema;
  // The schemas below validate and convert before each handler, so the handlers read their outputs;
  // the generic specs are beyond the Zod type provider's inference, hence the default provider here.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParamsSchema>).id;
  const actorOf = (request: FastifyRequest) => currentUser(request).id;

  routes.get('/', { config: read, schema: { tags, querystring: spec.listQuery, response: { 200: pageSchema(spec.item), ...errors } } }, async (request) =>
    spec.list(request.query as z.output<ListQuery>, request.url, request),
  );
  routes.post('/', { config: write, schema: { tags, body: spec.createBody, response: { 201: spec.item, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await spec.create(actorOf(request), request.body as z.output<CreateBody>, request)),
  );
  routes.get('/:id/', { config: read, schema: { tags, params, response: { 200: spec.item, ...errors } } }, async (request) => spec.get(idOf(request), request));
  routes.put('/:id/', { config: write, schema: { tags, params, body: spec.putBody, response: { 200: spec.item, ...errors } } }, async (request) =>
    spec.update(actorOf(request), idOf(request), request.body as z.output<PutBody>, request),
  );
  routes.patch('/:id/', { config: write, schema: { tags, params, body: spec.patchBody, response: { 200: spec.item, ...errors } } }, async (request) =>
    spec.update(actorOf(request), idOf(request), request.body as z.output<PatchBody>, request),
  );
  routes.delete('/:id/', { config: write, schema: { tags, params, response: { 200: deleteResultSchema, ...errors } } }, async (request) =>
    spec.remove(actorOf(request), idOf(request), request),
  );
};
