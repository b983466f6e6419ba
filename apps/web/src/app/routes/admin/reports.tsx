import { ReportsScreen } from '../../../features/reports/components/reports-screen';

/** /admin/reports (behind the reports flag): the reports feature's screen. */
export const ReportsRoute = ReportsScreen;
