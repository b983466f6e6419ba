import {
  dailySalesReportQuerySchema,
  dailySalesReportSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  liabilityQuerySchema,
  liabilitySchema,
  locationSalesQuerySchema,
  locationSalesSchema,
  personalSalesQuerySchema,
  personalSalesSchema,
} from '@ginhawa/contract';
import { currentUser } from '../../plugins/auth';
import { csvLines, sendCsv } from '../../lib/csv';
import { reportsService as service } from './reports.service';
import { liability } from './liability.service';
import { admins, managers, tags, type ReportsApp } from './route-options';
import { errorResponses } from '../../lib/error-responses';

/** The reports: a day per location, a salesperson's month, locations per month, the leaderboard, the liability. */
export const salesReportsRoutes = (app: ReportsApp) => {
  const { db } = app.deps;
  app.get(
    '/get-daily-sales-report/',
    {
      config: managers,
      schema: {
        tags,
        querystring: dailySalesReportQuerySchema,
        response: { 200: dailySalesReportSchema, ...errorResponses },
      },
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
    {
      schema: {
        tags,
        querystring: personalSalesQuerySchema,
        response: { 200: personalSalesSchema, ...errorResponses },
      },
    },
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
      schema: {
        tags,
        querystring: locationSalesQuerySchema,
        response: { 200: locationSalesSchema, ...errorResponses },
      },
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
    { schema: { tags, querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema, ...errorResponses } } },
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
      schema: { tags, querystring: liabilityQuerySchema, response: { 200: liabilitySchema, ...errorResponses } },
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
};
