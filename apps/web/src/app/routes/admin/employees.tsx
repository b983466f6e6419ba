import { useSearchParams } from 'react-router';
import { EMPLOYEE_KIND_PATH, EMPLOYEE_KINDS, type EmployeeKind } from '@ginhawa/contract';
import { PageHeader } from '../../../components/page-header';
import { TabbedCard } from '../../../components/tabbed-card';
import { KIND_LABELS } from '../../../features/employees/components/employee-form';
import { EmployeeList } from '../../../features/employees/components/employee-list';

const tabOf = (value: string | null): EmployeeKind =>
  EMPLOYEE_KINDS.find((kind) => EMPLOYEE_KIND_PATH[kind] === value) ?? 'salesperson';

/** /admin/employees: salespersons, therapists and receptionists in tabs; the tab lives in `?tab=` so links and Back work. */
export const EmployeesScreen = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = tabOf(searchParams.get('tab'));

  return (
    <>
      <PageHeader
        title="Employees"
        subtitle="Hire staff, give them a login, and keep their workplace and status up to date."
      />
      <TabbedCard
        label="Employees"
        idPrefix="employees"
        tabs={EMPLOYEE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k].many }))}
        value={kind}
        onChange={(value) => setSearchParams(value === 'salesperson' ? {} : { tab: EMPLOYEE_KIND_PATH[value] })}
      >
        <EmployeeList key={kind} kind={kind} />
      </TabbedCard>
    </>
  );
};
