import type { AppModule } from '../../lib/app-module';
import { employeeConstraints } from '../../db/schema/index';
import { receptionistsRoutes, salespersonsRoutes, therapistsRoutes } from './employees.routes';

/** One table, three kinds, each under its own prefix. */
export const employeesModule: AppModule = {
  routes: [
    { prefix: '/salespersons', plugin: salespersonsRoutes },
    { prefix: '/therapists', plugin: therapistsRoutes },
    { prefix: '/receptionists', plugin: receptionistsRoutes },
  ],
  constraints: employeeConstraints,
};
