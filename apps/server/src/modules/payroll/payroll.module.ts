import type { AppModule } from '../../lib/app-module';
import { payrollConstraints } from '../../db/schema/index';
import { commissionRulesRoutes, payrollRoutes } from './payroll.routes';

export const payrollModule: AppModule = {
  routes: [
    { prefix: '/payroll/commission-rules', plugin: commissionRulesRoutes },
    { prefix: '/payroll', plugin: payrollRoutes },
  ],
  constraints: payrollConstraints,
};
