import { EMPLOYEE_KIND_PATH, employeeListQuerySchema, type Employee, type EmployeeKind } from '@ginhawa/contract';
import { under, useRevalidate, withQuery, type ListResource } from '../../../lib/list-query';
import { deleteEmployee } from './delete-employee';

export const employeesPath = (kind: EmployeeKind) => `/${EMPLOYEE_KIND_PATH[kind]}/`;

/** Every cached employee read, all three kinds: a write can move someone between lists' counts. */
const stale = under(...Object.values(EMPLOYEE_KIND_PATH).map((segment) => `/${segment}/`));

type EmployeesResource = ListResource<Employee, typeof employeeListQuerySchema>;

const resourceOf = (kind: EmployeeKind): EmployeesResource => ({
  schema: employeeListQuerySchema,
  key: (query) => withQuery(employeesPath(kind), query),
  stale,
  remove: (employee) => deleteEmployee(kind, employee.id),
});

const resources: Record<EmployeeKind, EmployeesResource> = {
  salesperson: resourceOf('salesperson'),
  therapist: resourceOf('therapist'),
  receptionist: resourceOf('receptionist'),
};

/** Salespersons, therapists or receptionists, searched, filtered and ordered on the server. */
export const employeesResource = (kind: EmployeeKind) => resources[kind];

export const useRevalidateEmployees = () => useRevalidate(stale);
