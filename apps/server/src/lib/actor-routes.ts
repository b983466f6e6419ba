import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProviderDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { idParamsSchema, pageSchema, type Page } from '@ginhawa/contract';
import type { Db } from '../db/client';
import { currentUser, type AuthUser } from './actor';
import { errorResponses } from './error-responses';

type App = Parameters<FastifyPluginAsyncZod>[0];
/** What a body schema validates to; `undefined` for a route without a body. */
type BodyOf<B> = B extends z.ZodType ? z.output<B> : undefined;

/**
 * One route whose handler is given the database and the signed-in actor. As in
 * lib/resource-routes.ts, generic schemas are beyond the Zod type provider's inference: the default
 * provider here, and each helper below names the output its schema has validated.
 */
type RouteOf = {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  config: FastifyContextConfig | undefined;
  schema: FastifySchema;
};
const actorRoute = (
  app: App,
  { method, url, config, schema }: RouteOf,
  handle: (db: Db, actor: AuthUser, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) => {
  const { db } = app.deps;
  app.withTypeProvider<FastifyTypeProviderDefault>().route({
    method,
    url,
    // Without `config`, the route is every signed-in person's, as one written without it.
    ...(config && { config }),
    schema,
    handler: async (request, reply) => handle(db, currentUser(request), request, reply),
  });
};

/**
 * GET a page of a list, the same in every module that lists outside resourceRoutes(): the list's
 * query, `{count, next, previous, results}` of the item, and the service answering for the
 * signed-in actor with the request's URL for the page links (docs/api.md "Lists").
 */
export const pageRoute = <Q extends z.ZodType, I extends z.ZodType>(
  app: App,
  url: string,
  { config, tags, querystring, item }: { config: FastifyContextConfig; tags: string[]; querystring: Q; item: I },
  list: (db: Db, actor: AuthUser, query: z.output<Q>, url: string) => Promise<Page<z.input<I>>>,
) =>
  actorRoute(
    app,
    {
      method: 'GET',
      url,
      config,
      schema: { tags, querystring, response: { 200: pageSchema(item), ...errorResponses } },
    },
    (db, actor, request) => list(db, actor, request.query as z.output<Q>, request.url),
  );

/**
 * GETs of what a query asks (not a page: a log, a set of credits), the service answering it for the
 * signed-in actor: given who may call and the tags, a function that registers one such route.
 */
export const queryRoutes =
  (app: App, { config, tags }: { config: FastifyContextConfig; tags: string[] }) =>
  <Q extends z.ZodType, R extends z.ZodType>(
    url: string,
    { querystring, response }: { querystring: Q; response: R },
    call: (db: Db, actor: AuthUser, query: z.output<Q>) => Promise<z.input<R>>,
  ) =>
    actorRoute(
      app,
      { method: 'GET', url, config, schema: { tags, querystring, response: { 200: response, ...errorResponses } } },
      (db, actor, request) => call(db, actor, request.query as z.output<Q>),
    );

/**
 * POSTs of a body that the service takes for the signed-in actor, answering its result with
 * `status` (201 where the post makes something, 200 where it changes or proposes): given who may
 * call and the tags, a function that registers one such route.
 */
export const bodyRoutes =
  (app: App, { config, tags }: { config: FastifyContextConfig; tags: string[] }) =>
  <B extends z.ZodType, R extends z.ZodType>(
    url: string,
    { body, status, response }: { body: B; status: 200 | 201; response: R },
    call: (db: Db, actor: AuthUser, body: z.output<B>) => Promise<z.input<R>>,
  ) =>
    actorRoute(
      app,
      { method: 'POST', url, config, schema: { tags, body, response: { [status]: response, ...errorResponses } } },
      async (db, actor, request, reply) => reply.code(status).send(await call(db, actor, request.body as z.output<B>)),
    );

/**
 * The routes of one record by id (`/…/:id/…`): a read, a change or a step of its workflow, each
 * answering the record as `response` (200). Given the tags and that schema, a function that
 * registers one: its method, path, who may call it (every signed-in person without `config`), the
 * body where it has one, and the service, given the actor, the id and that body.
 */
export const idRoutes =
  <R extends z.ZodType>(app: App, { tags, response }: { tags: string[]; response: R }) =>
  <B extends z.ZodType | undefined = undefined>(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    { config, body }: { config?: FastifyContextConfig; body?: B },
    call: (db: Db, actor: AuthUser, id: number, body: BodyOf<B>) => Promise<z.input<R>>,
  ) =>
    actorRoute(
      app,
      {
        method,
        url,
        config,
        schema: { tags, params: idParamsSchema, ...(body && { body }), response: { 200: response, ...errorResponses } },
      },
      (db, actor, request) => {
        const { id } = request.params as z.output<typeof idParamsSchema>;
        if (!body) return (call as (db: Db, actor: AuthUser, id: number) => Promise<z.input<R>>)(db, actor, id);
        return call(db, actor, id, request.body as BodyOf<B>);
      },
    );
