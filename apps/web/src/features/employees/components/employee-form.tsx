import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EMPLOYEE_KIND_GROUP,
  formatPhPhone,
  employeeBodySchema,
  employeePatchSchema,
  todayInManila,
  type Employee,
  type EmployeeBody,
  type EmployeeKind,
} from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { NewPasswordField, UsernameField } from '../../../components/account-fields';
import { FormDialog } from '../../../components/form/form-dialog';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { useEntityForm, type BoundField } from '../../../components/form/use-entity-form';
import { useRevalidateEmployees } from '../api/get-employees';
import { useLocationOptions } from '../../../lib/options';
import { LocationField } from '../../../components/location-field';
import { createEmployee, updateEmployee } from '../api/save-employee';
import { DateField } from '../../../components/date-field';

export const KIND_LABELS: Record<EmployeeKind, { one: string; many: string }> = {
  salesperson: { one: 'salesperson', many: 'Salespersons' },
  therapist: { one: 'therapist', many: 'Therapists' },
  receptionist: { one: 'receptionist', many: 'Receptionists' },
};

const FIELDS = [
  'first_name',
  'last_name',
  'employee_code',
  'phone',
  'location',
  'hire_date',
  'monthly_target',
  'is_active',
  'account.username',
  'account.password',
  'account.email',
] as const;

type Values = {
  first_name: string;
  last_name: string;
  employee_code: string;
  phone: string;
  location: string;
  hire_date: string;
  monthly_target: string;
  is_active: boolean;
  createLogin: boolean;
  username: string;
  password: string;
  email: string;
};

const suggestUsername = (first: string, last: string) =>
  `${first}.${last}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '')
    .replace(/^\.+|\.+$/g, '');

const initialValues = (employee: Employee | null, defaultLocation: number | null): Values => ({
  first_name: employee?.first_name ?? '',
  last_name: employee?.last_name ?? '',
  employee_code: employee?.employee_code ?? '',
  phone: formatPhPhone(employee?.phone),
  location: String(employee?.location ?? defaultLocation ?? ''),
  hire_date: employee?.hire_date ?? todayInManila(),
  monthly_target: employee?.monthly_target ?? '',
  is_active: employee?.is_active ?? true,
  createLogin: !employee,
  username: '',
  password: '',
  email: '',
});

/** What is sent: a blank target clears it on an edit; a login only when asked for one. */
const payloadOf = (kind: EmployeeKind, employee: Employee | null, v: Values) => ({
  first_name: v.first_name,
  last_name: v.last_name,
  employee_code: v.employee_code,
  phone: v.phone,
  location: v.location ? Number(v.location) : undefined,
  hire_date: v.hire_date,
  is_active: v.is_active,
  ...(kind === 'salesperson'
    ? { monthly_target: v.monthly_target.trim() === '' ? (employee ? null : undefined) : v.monthly_target }
    : {}),
  ...(!employee?.user && v.createLogin
    ? { account: { username: v.username, password: v.password, email: v.email } }
    : {}),
});

type LoginSectionProps = {
  kind: EmployeeKind;
  employee: Employee | null;
  createLogin: boolean;
  submitting: boolean;
  onToggle: (on: boolean) => void;
  bind: (field: 'username' | 'password' | 'email', hint?: string) => BoundField;
};

/** The person's login: the one they have, or a switch to create it with this hire. */
const LoginSection = ({ kind, employee, createLogin, submitting, onToggle, bind }: LoginSectionProps) =>
  employee?.user ? (
    <Alert severity="info">
      Signs in as <strong>{employee.username}</strong>. Manage the account under Users.
    </Alert>
  ) : (
    <>
      <FormControlLabel
        control={<Switch checked={createLogin} onChange={(e) => onToggle(e.target.checked)} disabled={submitting} />}
        label={`Create a login (joins the ${EMPLOYEE_KIND_GROUP[kind]} group at this location)`}
      />
      {createLogin ? (
        <>
          <Typography variant="body2" color="textSecondary">
            Give the person their username and password; when they first sign in, they choose their own password.
          </Typography>
          <UsernameField required {...bind('username')} />
          <NewPasswordField required {...bind('password')} />
          <TextField label="Email" type="email" {...bind('email', 'Optional.')} />
        </>
      ) : null}
    </>
  );

type EmployeeFormProps = {
  kind: EmployeeKind;
  /** null: hiring someone new. */
  employee: Employee | null;
  /** Pre-selected workplace for a new hire (the list's filter). */
  defaultLocation?: number | null;
  onClose: () => void;
};

/**
 * Hire or edit a salesperson, therapist or receptionist: one form for both. Hiring can create the
 * person's login in the same step; an employee without a login can be given one later.
 */
export const EmployeeForm = ({ kind, employee, defaultLocation = null, onClose }: EmployeeFormProps) => {
  const locations = useLocationOptions({ activeOnly: true });
  const revalidate = useRevalidateEmployees();
  const { showSnackbar } = useSnackbar();
  const label = KIND_LABELS[kind].one;

  const { values, submitting, setValues, bind, dialog, bindSwitch } = useEntityForm({
    money: ['monthly_target'],
    initialValues: () => initialValues(employee, defaultLocation),
    fields: FIELDS,
    parse: (v) => (employee ? employeePatchSchema : employeeBodySchema).safeParse(payloadOf(kind, employee, v)),
    // Hiring parses with employeeBodySchema, so the data is a whole body.
    save: (data) => (employee ? updateEmployee(kind, employee.id, data) : createEmployee(kind, data as EmployeeBody)),
    errorKey: (field) =>
      field === 'username' || field === 'password' || field === 'email' ? `account.${field}` : field,
    // While the username is still the one suggested from the name, it follows the name: first.last.
    derive: (next, field, prev) =>
      (field === 'first_name' || field === 'last_name') &&
      next.createLogin &&
      prev.username === suggestUsername(prev.first_name, prev.last_name)
        ? { ...next, username: suggestUsername(next.first_name, next.last_name) }
        : next,
    onSaved: async (saved) => {
      await revalidate();
      const login = saved.username && !employee?.user ? ` They sign in as ${saved.username}.` : '';
      showSnackbar(
        employee
          ? `${saved.full_name} saved.${login}`
          : `${saved.full_name} hired as ${label} (${saved.employee_code}).${login}`,
        'success',
      );
      onClose();
    },
  });

  const toggleLogin = (on: boolean) => {
    setValues((prev) => ({
      ...prev,
      createLogin: on,
      username: on && !prev.username ? suggestUsername(prev.first_name, prev.last_name) : prev.username,
    }));
  };

  return (
    <FormDialog
      {...dialog}
      title={employee ? `Edit ${label}` : `Hire a ${label}`}
      submitLabel={employee ? 'Save' : 'Hire'}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="First name" required autoFocus {...bind('first_name')} />
        <TextField label="Last name" required {...bind('last_name')} />
      </Box>
      <LocationField
        label="Location"
        field={bind('location')}
        locations={locations}
        kept={employee ? { id: employee.location, name: employee.location_name } : null}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Employee code"
          {...bind('employee_code', employee ? undefined : 'Leave blank for the next free code.')}
        />
        <DateField label="Hire date" required {...bind('hire_date')} />
      </Box>
      <TextField label="Mobile number" type="tel" {...bind('phone', 'e.g. 0917 123 4567; saved as +63….')} />
      {kind === 'salesperson' ? (
        <TextField
          label="Monthly target"
          {...bind('monthly_target', 'In pesos; 0 for none.')}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">₱</InputAdornment> },
          }}
        />
      ) : null}
      <ActiveSwitch
        {...bindSwitch('is_active')}
        activeLabel="Active: working now"
        inactiveLabel="Inactive: no longer working here (their login stops too)"
      />
      <Divider />
      <LoginSection
        kind={kind}
        employee={employee}
        createLogin={values.createLogin}
        submitting={submitting}
        onToggle={toggleLogin}
        bind={bind}
      />
    </FormDialog>
  );
};
