import {
  dailyReportBodySchema,
  dailyReportListQuerySchema,
  dailyReportPatchSchema,
  dailyReportSchema,
  dailyReportSubmitBodySchema,
  pageSchema,
  returnReportBodySchema,
} from '@ginhawa/contract';
import { sendCsv } from '../../lib/csv';
import { dailyReportsCsv } from './csv';
import { reportsService as service } from './reports.service';
import { managers, tags, type ReportsApp } from './route-options';
import { currentUser } from '../../lib/actor';
import { idRoutes } from '../../lib/actor-routes';
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
  // One report: its read, its change, and each step of its day (submit; a manager's reopen,
  // approve and return), each answering the report.
  const oneReport = idRoutes(app, { tags, response: dailyReportSchema });
  oneReport('GET', '/:id/', {}, service.getReport);
  oneReport('PATCH', '/:id/', { body: dailyReportPatchSchema }, service.updateReport);
  oneReport('POST', '/:id/submit/', { body: dailyReportSubmitBodySchema }, service.submitReport);
  oneReport('POST', '/:id/reopen/', { config: managers }, service.reopenReport);
  oneReport('POST', '/:id/approve/', { config: managers }, service.approveReport);
  oneReport('POST', '/:id/return/', { config: managers, body: returnReportBodySchema }, (db, user, id, body) =>
    service.returnReport(db, user, id, body.reason),
  );
};
