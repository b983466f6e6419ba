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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseSalesCsv, storeSales } from './sales-store.service';
import { deleteSales } from './sales-delete.service';
import { allSaleLines, listSaleLines } from './sale-lines.service';
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

/** Under the reports' tag, where these calls have always been documented (their URLs are /reports/…). */
const tags = ['reports'];

/**
 * /api/reports/store-sales-data/, delete-sales-data/ and daily-sales/: sale lines in (JSON or CSV)
 * and out (a page, or every line as CSV), and their deletion. The ledger's own calls, served under
 * the URLs they have always had (issue 32: the sales module owns them; the reports only read).
 */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const result = await storeSales(db, currentUser(request), body.data, key, csv ? 'csv' : 'json');
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
      const result = await deleteSales(db, currentUser(request), request.body);
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
      if (request.query.format !== 'csv') return listSaleLines(db, user, request.query, request.url);
      const csv = saleLinesCsv(allSaleLines(db, user, request.query));
      return sendCsv(reply, csv.name, csv.lines);
    },
  );
};
