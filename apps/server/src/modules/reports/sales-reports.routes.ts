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
import { sendCsv } from '../../lib/csv';
import { dailySalesReportCsv, leaderboardCsv, liabilityCsv, locationSalesCsv, personalSalesCsv } from './csv';
import { reportsService as service } from './reports.service';
import { liability } from './liability.service';
import { admins, managers, tags, type ReportsApp } from './route-options';
import { currentUser } from '../../lib/actor';
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
      const report = await service.dailySalesReport(db, currentUser(request), request.query);
      if (request.query.format !== 'csv') return report;
      const csv = dailySalesReportCsv(report);
      return sendCsv(reply, csv.name, csv.lines);
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
      const csv = personalSalesCsv(sales);
      return sendCsv(reply, csv.name, csv.lines);
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
      const csv = locationSalesCsv(sales);
      return sendCsv(reply, csv.name, csv.lines);
    },
  );
  app.get(
    '/leaderboards/',
    { schema: { tags, querystring: leaderboardQuerySchema, response: { 200: leaderboardSchema, ...errorResponses } } },
    async (request, reply) => {
      const board = await service.leaderboard(db, currentUser(request), request.query);
      if (request.query.format !== 'csv') return board;
      const csv = leaderboardCsv(board);
      return sendCsv(reply, csv.name, csv.lines);
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
      const csv = liabilityCsv(owed);
      return sendCsv(reply, csv.name, csv.lines);
    },
  );
};
