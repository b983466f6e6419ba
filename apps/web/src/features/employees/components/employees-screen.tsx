import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { EMPLOYEE_KIND_PATH, EMPLOYEE_KINDS, type EmployeeKind } from '@ginhawa/contract';
import { PageHeader } from '../../../components/page-header';
import { KIND_LABELS } from './employee-form';
import { EmployeeList } from './employee-list';

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
      <Card>
        <Tabs
          value={kind}
          onChange={(_event, value: EmployeeKind) =>
            setSearchParams(value === 'salesperson' ? {} : { tab: EMPLOYEE_KIND_PATH[value] })
          }
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Employees"
          sx={{ px: { xs: 0.5, sm: 1.5 } }}
        >
          {EMPLOYEE_KINDS.map((k) => (
            <Tab
              key={k}
              value={k}
              label={KIND_LABELS[k].many}
              id={`employees-tab-${k}`}
              aria-controls={`employees-panel-${k}`}
            />
          ))}
        </Tabs>
        <div role="tabpanel" id={`employees-panel-${kind}`} aria-labelledby={`employees-tab-${kind}`}>
          <EmployeeList key={kind} kind={kind} />
        </div>
      </Card>
    </>
  );
};
