import { employeeRoutes } from '../employees/employees.routes';

/** /api/receptionists/: employees of kind 'receptionist' (shared routes and service in modules/employees). */
export const receptionistsRoutes = employeeRoutes('receptionist');
