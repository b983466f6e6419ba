import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Employee, EmployeeKind } from '@ginhawa/contract';
import { AdminListPage } from '../../../components/list/admin-list-page';
import { pesoColumn, phoneColumn, statusColumn } from '../../../components/list/list-columns';
import { filteredId, locationFilter, statusFilter } from '../../../components/list/list-filters';
import { formatDate } from '../../../lib/format';
import { useLocationOptions } from '../../../lib/options';
import { employeesResource } from '../api/get-employees';
import { EmployeeForm, KIND_LABELS } from './employee-form';

const nameColumn: GridColDef<Employee> = {
  field: 'last_name',
  headerName: 'Name',
  flex: 1.3,
  minWidth: 160,
  valueGetter: (_value, row) => row.full_name,
  renderCell: ({ row }) => (
    <span>
      {row.full_name}
      {row.username ? (
        <Typography component="span" variant="body2" color="textSecondary">
          {' '}
          · {row.username}
        </Typography>
      ) : null}
    </span>
  ),
};

const targetColumn = pesoColumn<Employee>('monthly_target', 'Monthly target', { width: 140 });

/** Salespersons have a monthly target; the other kinds do not. Widths add up to fit beside the drawer at 1280 px, actions included. */
const COLUMNS: Record<EmployeeKind, GridColDef<Employee>[]> = Object.fromEntries(
  (['salesperson', 'therapist', 'receptionist'] as const).map((kind) => [
    kind,
    [
      nameColumn,
      { field: 'employee_code', headerName: 'Code', width: 96 },
      { field: 'location_name', headerName: 'Location', flex: 1, minWidth: 130 },
      phoneColumn<Employee>('Mobile'),
      {
        field: 'hire_date',
        headerName: 'Hired',
        width: 110,
        valueFormatter: (value: string) => formatDate(value),
      },
      ...(kind === 'salesperson' ? [targetColumn] : []),
      statusColumn<Employee>({ width: 100 }),
    ],
  ]),
) as Record<EmployeeKind, GridColDef<Employee>[]>;

/** One kind of employee: searched by name, code or login, filtered by location and status (active ones first). */
export const EmployeeList = ({ kind }: { kind: EmployeeKind }) => {
  const locations = useLocationOptions({ activeOnly: false });
  const labels = KIND_LABELS[kind];
  const many = labels.many.toLowerCase();

  return (
    <AdminListPage
      resource={employeesResource(kind)}
      columns={COLUMNS[kind]}
      filters={[locationFilter(locations.data?.results), statusFilter('true')]}
      texts={{
        label: labels.many,
        one: labels.one,
        addLabel: `Hire a ${labels.one}`,
        empty: `No ${many} yet. Hire the first one.`,
      }}
      rowName={(employee) => employee.full_name}
      deleteTexts={{
        title: `Remove ${labels.one}?`,
        confirmLabel: 'Remove',
        body: (employee) => (
          <>
            <strong>{employee.full_name}</strong> will be removed. If they have recorded sales or arrivals, the record
            is deactivated instead so the history stays.{' '}
            {employee.username ? `Their login (${employee.username}) stops working.` : ''}
          </>
        ),
      }}
      form={({ row, filters, onClose }) => (
        <EmployeeForm kind={kind} employee={row} defaultLocation={filteredId(filters.location)} onClose={onClose} />
      )}
    />
  );
};
