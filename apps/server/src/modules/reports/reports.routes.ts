import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailyReportsRoutes } from './daily-reports.routes';
import { salesReportsRoutes } from './sales-reports.routes';

/**
 * /api/reports/…: daily reports and their approval, and the reports (docs/product.md §11; docs/api.md
 * "Reports"). Who sees which location is decided in the service. The sale lines' own calls under
 * /reports/ (store, delete, list) are the sales module's (modules/sales/sales.routes.ts).
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Added to this plugin itself, not registered as child plugins: one encapsulation context, as before the split.
  salesReportsRoutes(app);
  dailyReportsRoutes(app);
};
