import {
  allReports,
  createReport,
  approveReport,
  getReport,
  listReports,
  returnReport,
  submitReport,
  updateReport,
} from './daily-reports.service';
import { leaderboard } from './leaderboard.service';
import { dailySalesReport, locationSales, personalSales } from './sales-reports.service';

/**
 * Sales, daily reports and the leaderboard (issue 12, docs/decisions/0500-sales-reports.md), one
 * file per concern beside this one; the routes call them through this object. Every amount is
 * summed and compared in SQL on numeric and leaves as text; JS never holds a peso amount as a number.
 */
export const reportsService = {
  listReports,
  allReports,
  getReport,
  createReport,
  updateReport,
  submitReport,
  approveReport,
  returnReport,
  dailySalesReport,
  personalSales,
  locationSales,
  leaderboard,
};
