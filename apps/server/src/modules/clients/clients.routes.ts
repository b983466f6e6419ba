import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  arrivalsCountQuerySchema,
  arrivalsCountSchema,
  arrivalsDataQuerySchema,
  arrivalsDataSchema,
  clientArrivalBodySchema,
  clientArrivalListQuerySchema,
  clientArrivalPatchSchema,
  clientArrivalSchema,
  clientExportQuerySchema,
  clientHistoryEntrySchema,
  clientHistoryQuerySchema,
  clientImportQuerySchema,
  clientImportResultSchema,
  clientMembershipBodySchema,
  clientMembershipListQuerySchema,
  clientMembershipPatchSchema,
  clientMembershipSaleSchema,
  clientMembershipSchema,
  clientResource,
  clientSearchQuerySchema,
  clientSearchResultSchema,
  clientServicesSchema,
  clientTreatmentBodySchema,
  clientTreatmentListQuerySchema,
  clientTreatmentSaleSchema,
  clientTreatmentSchema,
  GROUPS,
  idParamsSchema,
  pageSchema,
  type Page,
} from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { idempotencyKeyOf } from '../../db/idempotency';
import { CSV_MAX_BYTES, readCsvUpload, registerCsvBody } from '../../lib/csv-upload';
import { exportClients, importClients } from './import-export.service';
import { clientsService, searchClients } from './clients.service';
import {
  getClientMembership,
  listClientMemberships,
  sellMembership,
  setClientMembershipStatus,
} from './client-memberships.service';
import { clientServices, getClientTreatment, listClientTreatments, sellVoucher } from './vouchers.service';
import { clientHistory } from './history.service';
import { csvLines, sendCsv } from '../../lib/csv';
import { arrivalsCsv } from './csv';
import { arrivalsData, countArrivals } from './arrivals-figures.service';
import { createArrival, getArrival, listArrivals, updateArrival } from './arrivals.service';
import { cardArrivalExtras } from './card-floor';
import { currentUser, type AuthUser } from '../../lib/actor';
import { idRoutes, pageRoute } from '../../lib/actor-routes';
import { errorResponses, tooLarge, unprocessable } from '../../lib/error-responses';

const tags = ['clients'];
/** Every role works with clients; where they may act is checked per location in the services (scope.ts). */
const staff = { groups: GROUPS } as const;
/** Changing or removing a client record: Managers (their locations) and Admins. */
const managers = { groups: ['Manager'] } as const;

/** /api/clients/…: profiles, search, memberships and vouchers sold, arrivals (docs/product.md §6, §10). */
type App = Parameters<FastifyPluginAsyncZod>[0];
type Db = App['deps']['db'];

/** The list, the sale (201; a retried Idempotency-Key answers as the first did) and one row, of a thing sold to clients. */
type Sold<Q extends z.ZodType, B extends z.ZodType, I extends z.ZodType, S extends z.ZodType> = {
  schemas: { listQuery: Q; body: B; item: I; sale: S };
  list: (db: Db, user: AuthUser, query: z.output<Q>, url: string) => Promise<Page<z.input<I>>>;
  sell: (db: Db, user: AuthUser, body: z.output<B>, key: string | null) => Promise<z.output<S>>;
  get: (db: Db, user: AuthUser, id: number) => Promise<z.output<I>>;
};

const soldRoutes = <Q extends z.ZodType, B extends z.ZodType, I extends z.ZodType, S extends z.ZodType>(
  app: App,
  path: string,
  { schemas, list, sell, get }: Sold<Q, B, I, S>,
) => {
  const { db } = app.deps;
  // As in lib/resource-routes.ts: the schemas validate before each handler; generic ones are beyond
  // the Zod type provider's inference, hence the default provider and the outputs named here.
  const routes = app.withTypeProvider<FastifyTypeProviderDefault>();
  pageRoute(app, path, { config: staff, tags, querystring: schemas.listQuery, item: schemas.item }, list);
  routes.post(
    path,
    {
      config: staff,
      schema: { tags, body: schemas.body, response: { 201: schemas.sale, ...errorResponses, ...unprocessable } },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      return reply.code(201).send(await sell(db, currentUser(request), request.body as z.output<B>, key));
    },
  );
  routes.get(
    `${path}:id/`,
    { config: staff, schema: { tags, params: idParamsSchema, response: { 200: schemas.item, ...errorResponses } } },
    async (request) => get(db, currentUser(request), (request.params as z.output<typeof idParamsSchema>).id),
  );
};

/** Memberships and vouchers sold to clients: list, sell, read, and a membership's status. */
const membershipAndVoucherRoutes = (app: App) => {
  const { db } = app.deps;
  // ——— client memberships ———
  soldRoutes(app, '/memberships/', {
    schemas: {
      listQuery: clientMembershipListQuerySchema,
      body: clientMembershipBodySchema,
      item: clientMembershipSchema,
      sale: clientMembershipSaleSchema,
    },
    list: listClientMemberships,
    sell: sellMembership,
    get: getClientMembership,
  });
  app.patch(
    '/memberships/:id/',
    {
      config: managers,
      schema: {
        tags,
        params: idParamsSchema,
        body: clientMembershipPatchSchema,
        response: { 200: clientMembershipSchema, ...errorResponses },
      },
    },
    async (request) => setClientMembershipStatus(db, currentUser(request), request.params.id, request.body.status),
  );

  // ——— vouchers ———
  soldRoutes(app, '/treatments/', {
    schemas: {
      listQuery: clientTreatmentListQuerySchema,
      body: clientTreatmentBodySchema,
      item: clientTreatmentSchema,
      sale: clientTreatmentSaleSchema,
    },
    list: listClientTreatments,
    sell: sellVoucher,
    get: getClientTreatment,
  });
};

/** Arrivals: the list, logging one, counts and the chart's data, one arrival, its change. */
const arrivalRoutes = (app: App) => {
  const { db } = app.deps;
  // ——— arrivals ———
  pageRoute(
    app,
    '/arrivals/',
    { config: staff, tags, querystring: clientArrivalListQuerySchema, item: clientArrivalSchema },
    listArrivals,
  );
  app.post(
    '/arrivals/',
    {
      config: staff,
      schema: { tags, body: clientArrivalBodySchema, response: { 201: clientArrivalSchema, ...errorResponses } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createArrival(
            db,
            currentUser(request),
            request.body,
            idempotencyKeyOf(request.headers['idempotency-key']),
            cardArrivalExtras(currentUser(request), request.body),
          ),
        ),
  );
  app.get(
    '/arrivals/arrivals_count/',
    {
      config: staff,
      schema: {
        tags,
        querystring: arrivalsCountQuerySchema,
        response: { 200: arrivalsCountSchema, ...errorResponses },
      },
    },
    async (request) => countArrivals(db, currentUser(request), request.query),
  );
  app.get(
    '/arrivals/data/',
    {
      config: staff,
      schema: { tags, querystring: arrivalsDataQuerySchema, response: { 200: arrivalsDataSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const data = await arrivalsData(db, currentUser(request), request.query);
      if (request.query.format !== 'csv') return data;
      const { header, rows } = arrivalsCsv(data, request.query.series);
      return sendCsv(
        reply,
        `arrivals-${request.query.series.replace('_', '-')}-${data.date_from}-${data.date_to}`,
        csvLines(header, rows),
      );
    },
  );
  const oneArrival = idRoutes(app, { tags, response: clientArrivalSchema });
  oneArrival('GET', '/arrivals/:id/', { config: staff }, getArrival);
  oneArrival('PATCH', '/arrivals/:id/', { config: staff, body: clientArrivalPatchSchema }, updateArrival);
};

export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // ——— clients: the six resource routes; every role reads and creates, Managers and Admins change ———
  resourceRoutes(app, {
    tags,
    readers: GROUPS,
    creators: GROUPS,
    writers: managers.groups,
    schemas: clientResource,
    service: clientsService,
  });
  app.get(
    '/search/',
    {
      config: staff,
      schema: {
        tags,
        querystring: clientSearchQuerySchema,
        response: { 200: clientSearchResultSchema, ...errorResponses },
      },
    },
    async (request) => searchClients(db, currentUser(request), request.query),
  );

  // ——— import and export (Managers, Admins: bulk personal data) ———
  registerCsvBody(app);
  app.post(
    '/import/',
    {
      config: managers,
      bodyLimit: CSV_MAX_BYTES,
      schema: {
        tags,
        querystring: clientImportQuerySchema,
        response: { 200: clientImportResultSchema, 201: clientImportResultSchema, ...errorResponses, ...tooLarge },
      },
    },
    async (request, reply) => {
      const result = await importClients(db, currentUser(request), await readCsvUpload(request), request.query.dry_run);
      return reply.code(result.dry_run ? 200 : 201).send(result);
    },
  );
  app.get(
    '/export/',
    { config: managers, schema: { tags, querystring: clientExportQuerySchema } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="clients-${new Date().toISOString().slice(0, 10)}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportClients(db, currentUser(request), request.query)),
  );

  membershipAndVoucherRoutes(app);
  arrivalRoutes(app);

  // ——— one client ———
  idRoutes(app, { tags, response: clientServicesSchema })('GET', '/:id/services/', { config: staff }, clientServices);
  app.get(
    '/:id/history/',
    {
      config: staff,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: clientHistoryQuerySchema,
        response: { 200: pageSchema(clientHistoryEntrySchema), ...errorResponses },
      },
    },
    async (request) => clientHistory(db, currentUser(request), request.params.id, request.query, request.url),
  );
};
