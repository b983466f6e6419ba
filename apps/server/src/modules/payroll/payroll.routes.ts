import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_GROUP,
  MANAGER_GROUP,
  commissionRuleResource,
  idParamsSchema,
  myEarningsQuerySchema,
  myEarningsSchema,
  pageSchema,
  payRunBodySchema,
  payRunDetailSchema,
  payRunLineSchema,
  payRunLinesQuerySchema,
  payRunListQuerySchema,
  payRunReturnBodySchema,
  payRunSchema,
} from '@ginhawa/contract';
import { resourceRoutes } from '../../lib/resource-routes';
import { currentUser } from '../../lib/actor';
import { pageRoute } from '../../lib/actor-routes';
import { errorResponses } from '../../lib/error-responses';
import { sendCsv } from '../../lib/csv';
import { commissionRulesService } from './commission-rules.service';
import { allLines, getRun, listLines, listRuns } from './pay-runs.service';
import { computeRun } from './pay-runs-compute.service';
import { approveRun, returnRun, submitRun } from './pay-runs-workflow.service';
import { myEarnings } from './my-earnings.service';
import { payRunLinesCsv } from './csv';

const tags = ['payroll'];
const managers = { groups: [MANAGER_GROUP] } as const;
const admins = { groups: [ADMIN_GROUP] } as const;

/** /api/payroll/commission-rules/: Admins write; Managers read (decision 0800). */
export const commissionRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    tags,
    readers: [MANAGER_GROUP],
    writers: [ADMIN_GROUP],
    schemas: commissionRuleResource,
    service: commissionRulesService,
  });
};

/** /api/payroll/runs/ and /api/payroll/my-earnings/ (docs/api.md "Pay runs"). */
export const payrollRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const detail = { 200: payRunDetailSchema, ...errorResponses };
  pageRoute(
    app,
    '/runs/',
    { config: managers, tags, querystring: payRunListQuerySchema, item: payRunSchema },
    listRuns,
  );
  app.post(
    '/runs/',
    { config: managers, schema: { tags, body: payRunBodySchema, response: { 201: payRunDetailSchema, ...detail } } },
    async (request, reply) => {
      const { run, created } = await computeRun(db, currentUser(request), request.body);
      return reply.code(created ? 201 : 200).send(run);
    },
  );
  app.get(
    '/runs/:id/',
    { config: managers, schema: { tags, params: idParamsSchema, response: detail } },
    async (request) => getRun(db, currentUser(request), request.params.id),
  );
  app.get(
    '/runs/:id/lines/',
    {
      config: managers,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: payRunLinesQuerySchema,
        response: { 200: pageSchema(payRunLineSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.query.format !== 'csv') return listLines(db, user, request.params.id, request.query, request.url);
      const { run, lines } = await allLines(db, user, request.params.id, request.query);
      const csv = payRunLinesCsv(run, lines);
      return sendCsv(reply, csv.name, csv.lines);
    },
  );
  // The workflow's steps without a body (decision 0800): Managers submit, Admins approve; each
  // answers the run as it now stands. Returning (below) also takes the reason.
  for (const [url, config, step] of [
    ['/runs/:id/submit/', managers, submitRun],
    ['/runs/:id/approve/', admins, approveRun],
  ] as const) {
    app.post(url, { config, schema: { tags, params: idParamsSchema, response: detail } }, async (request) =>
      step(db, currentUser(request), request.params.id),
    );
  }
  app.post(
    '/runs/:id/return/',
    { config: admins, schema: { tags, params: idParamsSchema, body: payRunReturnBodySchema, response: detail } },
    async (request) => returnRun(db, currentUser(request), request.params.id, request.body.reason),
  );
  app.get(
    '/my-earnings/',
    { schema: { tags, querystring: myEarningsQuerySchema, response: { 200: myEarningsSchema, ...errorResponses } } },
    async (request) => myEarnings(db, currentUser(request), request.query),
  );
};
