import useSWR from 'swr';
import {
  EMPLOYEE_KIND_PATH,
  type Bank,
  type BankListQuery,
  type Employee,
  type EmployeeKind,
  type EmployeeListQuery,
  type Membership,
  type MembershipListQuery,
  type Page,
  type Treatment,
  type TreatmentListQuery,
} from '@ginhawa/contract';
import { ALL_ROWS, getPage, withQuery } from '../../../lib/list-query';

/*
 * What the sale and arrival dialogs choose from. Read here rather than from the services, banks or
 * employees features, because a feature imports no other feature (docs/decisions/0008).
 */

export const useTreatmentOptions = () =>
  useSWR<Page<Treatment>, unknown>(
    withQuery('/services/treatments/', {
      ...ALL_ROWS,
      ordering: 'name',
      is_active: 'true',
    } satisfies TreatmentListQuery),
    getPage<Treatment>,
  );

export const useMembershipOptions = () =>
  useSWR<Page<Membership>, unknown>(
    withQuery('/services/memberships/', {
      ...ALL_ROWS,
      ordering: 'name',
      is_active: 'true',
    } satisfies MembershipListQuery),
    getPage<Membership>,
  );

export const useBankOptions = () =>
  useSWR<Page<Bank>, unknown>(
    withQuery('/banks/', { ...ALL_ROWS, ordering: 'name', is_active: 'true' } satisfies BankListQuery),
    getPage<Bank>,
  );

/** Active therapists or salespersons of one location (an arrival's therapist must work there). */
export const useEmployeeOptions = (kind: EmployeeKind, location: number | null) =>
  useSWR<Page<Employee>, unknown>(
    location === null
      ? null
      : withQuery(`/${EMPLOYEE_KIND_PATH[kind]}/`, {
          ...ALL_ROWS,
          ordering: 'last_name',
          is_active: 'true',
          location: String(location),
        } satisfies EmployeeListQuery),
    getPage<Employee>,
  );
