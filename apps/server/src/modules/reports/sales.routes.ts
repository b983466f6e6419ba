import { z } from 'zod';
import {
  dailySalesQuerySchema,
  deleteSalesBodySchema,
  deleteSalesResultSchema,
  saleLinesPageSchema,
  storeSalesBodySchema,
  storeSalesResultSchema,
  calendarDateSchema,
  relationId,
  type FieldErrors,
} from '@ginhawa/contract';
import { fieldsError } from '../../lib/http-error';
import { parseCsv, sendCsv } from '../../lib/csv';
import { saleLinesCsv } from './csv';
import { idempotencyKeyOf } from '../../db/idempotency';
import { CSV_MAX_BYTES, isCsvUpload, readCsvUpload, registerCsvBody } from '../../lib/csv-upload';
import { reportsService as service } from './reports.service';
import { parseSalesCsv } from './sales-store.service';
import { tags, type ReportsApp } from './route-options';
import { currentUser } from '../../lib/actor';
import { errorResponses, tooLarge, unprocessable } from '../../lib/error-responses';

/** zod issues → `{path: [messages]}`, renaming `sales.<i>` to the CSV's `line_<n>` when the lines came from a file. */
const issuesToErrors = (issues: z.core.$ZodIssue[], csv: boolean): FieldErrors => {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    if (csv && path[0] === 'sales' && path.length > 1) path.splice(0, 2, `line_${Number(path[1]) + 2}`);
    (out[path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  }
  return out;
};

const csvQuerySchema = z.object({
  location: z.coerce.number().pipe(relationId('a location')),
  date: calendarDateSchema,
});

/** Sale lines in (JSON or CSV) and out (a page, or every line as CSV), and their deletion. */
export const salesRoutes = (app: ReportsApp) => {
  const { db } = app.deps;
  registerCsvBody(app);
  app.post(
    '/store-sales-data/',
    {
      bodyLimit: CSV_MAX_BYTES,
      schema: {
        tags,
        description:
          'JSON `{location, date, sales}`, or the same lines as CSV (text/csv body or multipart `file`) with `?location=&date=`.',
        response: { 201: storeSalesResultSchema, ...errorResponses, ...tooLarge, ...unprocessable },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const csv = isCsvUpload(request);
      let input: unknown = request.body;
      if (csv) {
        const query = csvQuerySchema.safeParse(request.query);
        if (!query.success) throw fieldsError(issuesToErrors(query.error.issues, false));
        const parsed = parseSalesCsv(parseCsv(await readCsvUpload(request)));
        if (Object.keys(parsed.errors).length) throw fieldsError(parsed.errors);
        input = { ...query.data, sales: parsed.lines };
      }
      const body = storeSalesBodySchema.safeParse(input);
      if (!body.success) throw fieldsError(issuesToErrors(body.error.issues, csv));
      const result = await service.storeSales(db, currentUser(request), body.data, key, csv ? 'csv' : 'json');
      return reply.code(201).send(result);
    },
  );
  app.post(
    '/delete-sales-data/',
    {
      schema: {
        tags,
        body: deleteSalesBodySchema,
        response: { 200: deleteSalesResultSchema, 202: deleteSalesResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.deleteSales(db, currentUser(request), request.body);
      return reply.code(result.result === 'deleted' ? 200 : 202).send(result);
    },
  );
  app.get(
    '/daily-sales/',
    {
      schema: {
        tags,
        querystring: dailySalesQuerySchema,
        response: { 200: saleLinesPageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.query.format !== 'csv') return service.listSaleLines(db, user, request.query, request.url);
      const csv = saleLinesCsv(service.allSaleLines(db, user, request.query));
      return sendCsv(reply, csv.name, csv.lines);
    },
  );
};
