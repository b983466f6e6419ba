import type { AppModule } from '../../lib/app-module';
import { payrollConstraints } from '../../db/schema/index';
import { commissionRulesRoutes, payrollRoutes } from './payroll.routes';
import { onEarningsChanged } from '../sales/index';
import { earningsChanged } from './my-earnings.service';

// A sale line written or deleted moves its salesperson's earnings: the ledger sits below payroll,
// so payroll hands its notice in (issue 32).
onEarningsChanged(earningsChanged);

export const payrollModule: AppModule = {
  routes: [
    { prefix: '/payroll/commission-rules', plugin: commissionRulesRoutes },
    { prefix: '/payroll', plugin: payrollRoutes },
  ],
  constraints: payrollConstraints,
};
