import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  GROUPS,
  userCreateBodySchema,
  userPatchSchema,
  type AdminUser,
  type GroupName,
  type Location,
  type UserCreateBody,
} from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { NewPasswordField, UsernameField } from '../../../components/account-fields';
import { FormDialog } from '../../../components/form/form-dialog';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { NoteChip } from '../../../components/list/status-chip';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useLocationOptions } from '../../../lib/options';
import { useRevalidateUsers } from '../api/get-users';
import { createUser, updateUser } from '../api/save-user';

const FIELDS = [
  'username',
  'first_name',
  'last_name',
  'email',
  'password',
  'groups',
  'locations',
  'is_active',
] as const;

const GROUP_HINTS: Record<GroupName, string> = {
  Admin: 'everything, including these settings',
  Manager: 'reads everything; runs their locations',
  Salesperson: 'sells memberships and vouchers',
  Therapist: 'sees their arrivals',
  Receptionist: 'logs clients and arrivals',
};

type Values = {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  groups: GroupName[];
  locations: number[];
  is_active: boolean;
};

const initialValues = (user: AdminUser | null): Values => ({
  username: user?.username ?? '',
  first_name: user?.first_name ?? '',
  last_name: user?.last_name ?? '',
  email: user?.email ?? '',
  password: '',
  groups: (user?.groups ?? []).filter((g): g is GroupName => (GROUPS as readonly string[]).includes(g)),
  locations: user?.locations ?? [],
  is_active: user?.is_active ?? true,
});

/** An account whose password someone else set and the person has not yet replaced with their own (decision 0017). */
export const PASSWORD_NOT_CHOSEN = 'Password not chosen';

type UserFormProps = {
  /** null: a new account. */
  user: AdminUser | null;
  onClose: () => void;
};

/** Create or edit a sign-in account: details, groups and workplaces. Passwords are set here only for new accounts. */
export const UserForm = ({ user, onClose }: UserFormProps) => {
  const locations = useLocationOptions({ activeOnly: false });
  const revalidate = useRevalidateUsers();
  const { showSnackbar } = useSnackbar();
  const options = locations.data?.results ?? [];

  const { values, errors, submitting, set, bind, dialog, bindSwitch } = useEntityForm({
    initialValues: () => initialValues(user),
    fields: FIELDS,
    parse: (v) => {
      const { password, ...rest } = v;
      const body = user ? rest : { ...rest, password };
      return (user ? userPatchSchema : userCreateBodySchema).safeParse(body);
    },
    // Without an account the parse was userCreateBodySchema's, so the data carries the password.
    save: (data) => (user ? updateUser(user.id, data) : createUser(data as UserCreateBody)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(user ? `${saved.username} saved.` : `${saved.username} can now sign in.`, 'success');
      onClose();
    },
  });

  const toggleGroup = (group: GroupName, on: boolean) =>
    set(
      'groups',
      GROUPS.filter((g) => (g === group ? on : values.groups.includes(g))),
    );

  const selected = options.filter((l) => values.locations.includes(l.id));

  return (
    <FormDialog
      {...dialog}
      title={user ? 'Edit user' : 'New user'}
      submitLabel={user ? 'Save' : 'Add user'}
      onClose={onClose}
    >
      {user?.must_change_password ? (
        <Box>
          <NoteChip label={PASSWORD_NOT_CHOSEN} />
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
            {user.username} still has the password set for them and is asked to choose their own at sign-in.
          </Typography>
        </Box>
      ) : null}
      <UsernameField required autoFocus {...bind('username')} />
      {user ? null : <NewPasswordField required {...bind('password')} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="First name" {...bind('first_name')} />
        <TextField label="Last name" {...bind('last_name')} />
      </Box>
      <TextField label="Email" type="email" {...bind('email')} />
      <FormControl error={Boolean(errors.groups)} component="fieldset" disabled={submitting}>
        <FormLabel component="legend">Groups</FormLabel>
        <FormGroup>
          {GROUPS.map((group) => (
            <FormControlLabel
              key={group}
              control={
                <Checkbox
                  checked={values.groups.includes(group)}
                  onChange={(e) => toggleGroup(group, e.target.checked)}
                  name={`group-${group}`}
                />
              }
              label={`${group} — ${GROUP_HINTS[group]}`}
            />
          ))}
        </FormGroup>
        {errors.groups ? <FormHelperText>{errors.groups}</FormHelperText> : null}
      </FormControl>
      <Autocomplete<Location, true>
        multiple
        options={options}
        value={selected}
        loading={locations.isLoading}
        getOptionLabel={(l) => (l.is_active ? l.name : `${l.name} (inactive)`)}
        // A closed branch is given to nobody; one the user held before it closed stays theirs (the server's rule).
        getOptionDisabled={(l) => !l.is_active && !user?.locations.includes(l.id)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, chosen) =>
          set(
            'locations',
            chosen.map((l) => l.id),
          )
        }
        disabled={submitting}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Works at"
            name="locations"
            error={Boolean(errors.locations)}
            helperText={errors.locations ?? "A Manager's locations are the ones they run."}
          />
        )}
      />
      <ActiveSwitch
        {...bindSwitch('is_active')}
        activeLabel="Active: can sign in"
        inactiveLabel="Inactive: cannot sign in"
      />
    </FormDialog>
  );
};
