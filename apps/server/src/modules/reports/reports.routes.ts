import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_GROUP,
  MANAGER_GROUP,
  dailyReportBodySchema,
  dailyReportListQuerySchema,
  dailyReportPatchSchema,
  dailyReportSchema,
  dailySalesQuerySchema,
  dailySalesReportQuerySchema,
  dailySalesReportSchema,
  deleteSalesBodySchema,
  deleteSalesResultSchema,
  errorBodySchema,
  idParamsSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  liabilityQuerySchema,
  liabilitySchema,
  locationSalesQuerySchema,
  locationSalesSchema,
  pageSchema,
  personalSalesQuerySchema,
  personalSalesSchema,
  returnReportBodySchema,
  saleLineReadSchema,
  storeSalesBodySchema,
  storeSalesResultSchema,
  calendarDateSchema,
  relationId,
  type FieldErrors,
} from '@ginhawa/contract';
import { currentUser } from '../../plugins/auth';
import { HttpError, badRequest, fieldsError } from '../../lib/http-error';
import { csvLine, csvLines, parseCsv, sendCsv } from '../../lib/csv';
import { parseSalesCsv, reportsService as service } from './reports.service';
import { liability } from './liability.service';

const tags = ['reports'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
/** Location-wide figures: Managers (their locations) and Admins. */
const managers = { groups: [MANAGER_GROUP] } as const;
/** Business-wide money owed (decision 0601): Admins only. */
const admins = { groups: [ADMIN_GROUP] } as const;
const CSV_MAX_BYTES = 2 * 1024 * 1024;

const idempotencyKey = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return null;
  const key = value.trim();
  if (key.length > 100 || !/^[\x21-\x7e]+$/.test(key))
    throw badRequest('The Idempotency-Key header must be 1 to 100 visible ASCII characters.');
  return key;
};

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

/** The CSV of an upload: a multipart `file` part, or the body itself as text/csv. */
const readCsv = async (request: FastifyRequest): Promise<string> => {
  if (typeof request.body === 'string') return request.body;
  const part = await request.file({ limits: { fileSize: CSV_MAX_BYTES, files: 1 } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw fieldsError({ file: ['Choose a CSV file.'] });
  try {
    return (await part.toBuffer()).toString('utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'The file is larger than 2 MB.', {
        file: ['Split the file into parts of at most 2 MB.'],
      });
    throw badRequest('The upload could not be read.', { file: ['Choose a CSV file.'] });
  }
};

/**
 * /api/reports/…: sales lines in and out, daily reports and their approval, and the reports
 * (SPEC.md §7 Reports; docs/api.md "Reports"). Who sees which location is decided in the service.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // ——— sale lines ———
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/store-sales-data/',
    {
      bodyLimit: CSV_MAX_BYTES,
      schema: {
        tags,
        description:
          'JSON `{location, date, sales}`, or the same lines as CSV (text/csv body or multipart `file`) with `?location=&date=`.',
        response: { 201: storeSalesResultSchema, ...errors, 413: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request.headers['idempotency-key']);
      const csv = typeof request.body === 'string' || request.isMultipart();
      let input: unknown = request.body;
      if (csv) {
        const query = csvQuerySchema.safeParse(request.query);
        if (!query.success) throw fieldsError(issuesToErrors(query.error.issues, false));
        const parsed = parseSalesCsv(parseCsv(await readCsv(request)));
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
        response: { 200: deleteSalesResultSchema, 202: deleteSalesResultSchema, ...errors },
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
        response: { 200: pageSchema(saleLineReadSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.query.format !== 'csv') return service.listSaleLines(db, user, request.query, request.url);
      const lines = service.allSaleLines(db, user, request.query);
      return sendCsv(
        reply,
        'daily-sales',
        (async function* () {
          yield* csvLines(
            [
              'id',
              'date',
              'location',
              'salesperson',
              'kind',
              'reference',
              'amount',
              'discount',
              'net_amount',
              'payment_method',
              'bank',
              'reference_no',
            ],
            [],
          );
          for await (const s of lines)
            yield csvLine([
              s.id,
              s.date,
              s.location_name,
              s.salesperson_name,
              s.kind,
              s.reference,
              s.amount,
              s.discount,
              s.net_amount,
              s.payment_method,
              s.bank_name,
              s.reference_no,
            ]);
        })(),
      );
    },
  );

  // ——— reports ———
  app.get(
    '/get-daily-sales-report/',
    {
      config: managers,
      schema: { tags, querystring: dailySalesReportQuerySchema, response: { 200: dailySalesReportSchema, ...errors } },
    },
    async (request, reply) => {
      const report = await service.dailySalesReport(db, currentUser(request), request.query.date);
      if (request.query.format !== 'csv') return report;
      return sendCsv(
        reply,
        `daily-sales-report-${report.date}`,
        csvLines(
          [
            'date',
            'location',
            'report_status',
            'count',
            'gross_total',
            'discount_total',
            'net_total',
            'cash_on_hand',
            'variance',
            'group',
            'name',
            'total',
            'group_count',
          ],
          report.locations.flatMap((l) => {
            const head = [
              report.date,
              l.location_name,
              l.status ?? 'none',
              l.count,
              l.gross_total,
              l.discount_total,
              l.net_total,
              l.cash_on_hand,
              l.variance,
            ];
            const parts = [
              ...l.by_payment_method.map((p) => ['payment_method', p.name, p.total, p.count]),
              ...l.by_bank.map((p) => ['bank', p.name, p.total, p.count]),
              ...l.by_salesperson.map((p) => ['salesperson', p.name, p.total, p.count]),
            ];
            return parts.length ? parts.map((p) => [...head, ...p]) : [[...head, '', '', '', '']];
          }),
        ),
      );
    },
  );
  app.get(
    '/get-personal-sales/',
    { schema: { tags, querystring: personalSalesQuerySchema, response: { 200: personalSalesSchema, ...errors } } },
    async (request, reply) => {
      const sales = await service.personalSales(db, currentUser(request), request.query);
      if (request.query.format !== 'csv') return sales;
      return sendCsv(
        reply,
        `personal-sales-${sales.salesperson}-${sales.year}-${sales.month}`,
        csvLines(
          ['date', 'salesperson', 'total', 'count'],
          sales.days.map((d) => [d.date, sales.salesperson_name, d.total, d.count]),
        ),
      );
    },
  );
  app.get(
    '/get-location-sales/',
    {
      config: managers,
      schema: { tags, querystring: locationSalesQuerySchema, response: { 200: locationSalesSchema, ...errors } },
    },
    async (request, reply) => {
      const sales = await service.locationSales(db, currentUser(request), request.query);
      if (request.query.format !== 'csv') return sales;
      return sendCsv(
        reply,
        `location-sales-${sales.year}-${sales.month}`,
        csvLines(
          ['location', 'date', 'total', 'count'],
          sales.locations.flatMap((l) => l.days.map((d) => [l.location_name, d.date, d.total, d.count])),
        ),
      );
    },
  );
  app.get(
    '/leaderboards/',
    { schema: { tags, querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema, ...errors } } },
    async (request, reply) => {
      const board = await service.leaderboard(db, request.query);
      if (request.query.format !== 'csv') return board;
      return sendCsv(
        reply,
        `leaderboard-${board.year}-${board.month}-cutoff-${board.cutoff}`,
        csvLines(
          ['rank', 'salesperson', 'location', 'total', 'count', 'target', 'share_of_target', 'date_from', 'date_to'],
          board.results.map((r) => [
            r.rank,
            r.salesperson_name,
            r.location_name,
            r.total,
            r.count,
            r.target,
            r.share_of_target,
            board.date_from,
            board.date_to,
          ]),
        ),
      );
    },
  );
  app.get(
    '/liability/',
    {
      config: admins,
      schema: { tags, querystring: liabilityQuerySchema, response: { 200: liabilitySchema, ...errors } },
    },
    async (request, reply) => {
      const owed = await liability(db, request.query);
      if (request.query.format !== 'csv') return owed;
      const figures = (f: { count: number; sessions_remaining: number; amount: string }) => [
        f.count,
        f.sessions_remaining,
        f.amount,
      ];
      return sendCsv(
        reply,
        `liability-${owed.as_of}`,
        csvLines(
          [
            'location',
            'vouchers',
            'voucher_sessions_remaining',
            'voucher_amount',
            'memberships',
            'membership_sessions_remaining',
            'membership_amount',
            'total',
            'as_of',
          ],
          [
            ...owed.locations.map((l) => [
              l.location_name,
              ...figures(l.vouchers),
              ...figures(l.memberships),
              l.total,
              owed.as_of,
            ]),
            ['All locations', ...figures(owed.vouchers), ...figures(owed.memberships), owed.total, owed.as_of],
          ],
        ),
      );
    },
  );

  // ——— daily reports ———
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: dailyReportListQuerySchema,
        response: { 200: pageSchema(dailyReportSchema), ...errors },
      },
    },
    async (request, reply) => {
      const page = await service.listReports(db, currentUser(request), request.query, request.url);
      if (request.query.format !== 'csv') return page;
      return sendCsv(
        reply,
        'daily-reports',
        csvLines(
          [
            'id',
            'date',
            'location',
            'status',
            'sales_count',
            'gross_total',
            'discount_total',
            'net_total',
            'cash_total',
            'cash_on_hand',
            'variance',
            'remarks',
          ],
          page.results.map((r) => [
            r.id,
            r.date,
            r.location_name,
            r.status,
            r.sales_count,
            r.gross_total,
            r.discount_total,
            r.net_total,
            r.cash_total,
            r.cash_on_hand,
            r.variance,
            r.remarks,
          ]),
        ),
      );
    },
  );
  app.post(
    '/',
    { schema: { tags, body: dailyReportBodySchema, response: { 201: dailyReportSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await service.createReport(db, currentUser(request), request.body)),
  );
  app.get(
    '/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: dailyReportSchema, ...errors } } },
    async (request) => service.getReport(db, currentUser(request), request.params.id),
  );
  app.patch(
    '/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: dailyReportPatchSchema,
        response: { 200: dailyReportSchema, ...errors },
      },
    },
    async (request) => service.updateReport(db, currentUser(request), request.params.id, request.body),
  );
  app.post(
    '/:id/submit/',
    { schema: { tags, params: idParamsSchema, response: { 200: dailyReportSchema, ...errors } } },
    async (request) => service.submitReport(db, currentUser(request), request.params.id),
  );
  app.post(
    '/:id/approve/',
    { config: managers, schema: { tags, params: idParamsSchema, response: { 200: dailyReportSchema, ...errors } } },
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
        response: { 200: dailyReportSchema, ...errors },
      },
    },
    async (request) => service.returnReport(db, currentUser(request), request.params.id, request.body.reason),
  );
};
