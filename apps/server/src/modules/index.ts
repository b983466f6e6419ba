import { constraintsOf, type AppModule } from '../lib/app-module';
import { healthModule } from './health/health.module';
import { usersModule } from './users/users.module';
import { filesModule } from './files/files.module';
import { notificationsModule } from './notifications/notifications.module';
import { configurationsModule } from './configurations/configurations.module';
import { servicesModule } from './services/services.module';
import { locationsModule } from './locations/locations.module';
import { banksModule } from './banks/banks.resource';
import { employeesModule } from './employees/employees.module';
import { clientsModule } from './clients/clients.module';
import { salesModule } from './sales/sales.module';
import { reportsModule } from './reports/reports.module';
import { payrollModule } from './payroll/payroll.module';
import { backupsModule } from './backups/backups.module';
import { floorModule } from './floor/floor.module';
import { invoicingModule } from './invoicing/invoicing.module';

/**
 * Every server module, in registration order: the one list app.ts reads (routes under /api, then
 * what each serves outside it) and the error handler's constraint sentences come from. A new
 * module exports its `<area>Module` from `modules/<area>/<area>.module.ts` and is added here
 * (docs/architecture.md "How to add a resource").
 */
export const MODULES: readonly AppModule[] = [
  healthModule,
  usersModule,
  filesModule,
  notificationsModule,
  configurationsModule,
  servicesModule,
  locationsModule,
  banksModule,
  employeesModule,
  clientsModule,
  // Before reports: its calls under /reports/ keep their place in the API document.
  salesModule,
  reportsModule,
  payrollModule,
  backupsModule,
  floorModule,
  invoicingModule,
];

/** Every registered sentence, by constraint name (lib/constraints.ts answers with them). */
export const CONSTRAINTS = constraintsOf(MODULES);
