import { employeeRoutes } from '../employees/employees.routes';

/** /api/salespersons/: employees of kind 'salesperson' (shared routes and service in modules/employees). */
export const salespersonsRoutes = employeeRoutes('salesperson');
