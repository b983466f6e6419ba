import {
  dailyReportBodySchema,
  dailyReportListQuerySchema,
  dailyReportPatchSchema,
  dailyReportSchema,
  dailyReportSubmitBodySchema,
  idParamsSchema,
  pageSchema,
  returnReportBodySchema,
} from '@ginhawa/contract';
import { sendCsv } from '../../lib/csv';
import { dailyReportsCsv } from './csv';
import { reportsService as service } from './reports.service';
import { managers, tags, type ReportsApp } from './route-options';
import { currentUser } from '../../lib/actor';
import { errorResponses } from '../../lib/error-responses';

/** Daily reports: list (or CSV), create, read, change, submit, approve, return and reopen. */
export const dailyReportsRoutes = (app: ReportsApp) => {
  const { db } = app.deps;
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: dailyReportListQuerySchema,
        response: { 200: pageSchema(dailyReportSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'csv')
        return service.listReports(db, currentUser(request), request.query, request.url);
      // Every matching report, not the first page: a month of six branches is 180 of them.
      const csv = dailyReportsCsv(await service.allReports(db, currentUser(request), request.query));
      return sendCsv(reply, csv.name, csv.lines);
    },
  );
  app.post(
    '/',
    { schema: { tags, body: dailyReportBodySchema, response: { 201: dailyReportSchema, ...errorResponses } } },
    async (request, reply) => reply.code(201).send(await service.createReport(db, currentUser(request), request.body)),
  );
  app.get(
    '/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: dailyReportSchema, ...errorResponses } } },
    async (request) => service.getReport(db, currentUser(request), request.params.id),
  );
  app.patch(
    '/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: dailyReportPatchSchema,
        response: { 200: dailyReportSchema, ...errorResponses },
      },
    },
    async (request) => service.updateReport(db, currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/:id/submit/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: dailyReportSubmitBodySchema,
        response: { 200: dailyReportSchema, ...errorResponses },
      },
    },
    async (request) => service.submitReport(db, currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/:id/reopen/',
    {
      config: managers,
      schema: { tags, params: idParamsSchema, response: { 200: dailyReportSchema, ...errorResponses } },
    },
    async (request) => service.reopenReport(db, currentUser(request), request.params.id),
  );
  app.post(
    '/:id/approve/',
    {
      config: managers,
      schema: { tags, params: idParamsSchema, response: { 200: dailyReportSchema, ...errorResponses } },
    },
    async (request) => service.approveReport(db, currentUser(request), request.params.id),
  );
  app.post(
    '/:id/return/',
    {
      config: managers,
      schema: {
        tags,
        params: idParamsSchema,
        body: returnReportBodySchema,
        response: { 200: dailyReportSchema, ...errorResponses },
      },
    },
    async (request) => service.returnReport(db, currentUser(request), request.params.id, request.body.reason),
  );
};
