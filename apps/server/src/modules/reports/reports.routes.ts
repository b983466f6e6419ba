import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailyReportsRoutes } from './daily-reports.routes';
import { dayCloseRoutes } from './day-close.routes';
import { salesReportsRoutes } from './sales-reports.routes';
import { salesRoutes } from './sales.routes';

/**
 * /api/reports/…: sales lines in and out, daily reports and their approval, and the reports
 * (docs/product.md §11; docs/api.md "Reports"). Who sees which location is decided in the service.
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Added to this plugin itself, not registered as child plugins: one encapsulation context, as before the split.
  salesRoutes(app);
  salesReportsRoutes(app);
  dailyReportsRoutes(app);
  dayCloseRoutes(app);
};
