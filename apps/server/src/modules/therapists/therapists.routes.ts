import { employeeRoutes } from '../employees/employees.routes';

/** /api/therapists/: employees of kind 'therapist' (shared routes and service in modules/employees). */
export const therapistsRoutes = employeeRoutes('therapist');
