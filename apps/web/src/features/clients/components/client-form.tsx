import { useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link } from 'react-router';
import { CLIENT_GENDERS, clientBodySchema, formatPhPhone, type Client, type ClientBody } from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { paths } from '../../../config/paths';
import { hintUnlessEmpty, listedValue, useLocationOptions } from '../../../lib/options';
import { useRevalidateClients } from '../api/get-clients';
import { createClient, duplicateClientId, updateClient } from '../api/save-client';
import { servableLocations, type DeskUser } from './desk-user';
import { DateField } from '../../../components/date-field';

/** The body's fields a person fills in (the duplicate-phone confirmation is a button, not a field). */
const FIELDS = clientBodySchema.keyof().exclude(['allow_duplicate_phone']).options;

type Values = {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  birthdate: string;
  gender: string;
  address: string;
  notes: string;
  location: string;
  is_active: boolean;
};

const GENDER_LABELS: Record<(typeof CLIENT_GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
};

/** What a new client starts with, from what the desk typed into an empty search. */
export type ClientPrefill = { first_name?: string; last_name?: string; phone?: string };

const initialValues = (client: Client | null, defaultLocation: number | null, prefill: ClientPrefill): Values => ({
  first_name: client?.first_name ?? prefill.first_name ?? '',
  last_name: client?.last_name ?? prefill.last_name ?? '',
  phone: client?.phone ? formatPhPhone(client.phone) : (prefill.phone ?? ''),
  email: client?.email ?? '',
  birthdate: client?.birthdate ?? '',
  gender: client?.gender ?? '',
  address: client?.address ?? '',
  notes: client?.notes ?? '',
  location: client ? String(client.location) : defaultLocation ? String(defaultLocation) : '',
  is_active: client?.is_active ?? true,
});

/** The form's strings as the API's body: blanks are "not given" (null), the location an id. */
const toBody = (v: Values): ClientBody => ({
  first_name: v.first_name,
  last_name: v.last_name,
  phone: v.phone.trim() || null,
  email: v.email,
  birthdate: v.birthdate.trim() || null,
  gender: (v.gender || null) as ClientBody['gender'],
  address: v.address,
  notes: v.notes,
  location: v.location ? Number(v.location) : 0,
  is_active: v.is_active,
});

type ClientFormProps = {
  /** null: a new client. */
  client: Client | null;
  defaultLocation?: number | null;
  onClose: () => void;
  /** After a save; the list stays where it is unless given. */
  onSaved?: (client: Client) => void;
  /**
   * The front desk's short form (a new client found by an empty search): names and mobile,
   * prefilled from the search, home location among the desk's own; the rest is added later.
   */
  desk?: { user: DeskUser | undefined; prefill: ClientPrefill; linkTo: (clientId: number) => string };
};

/**
 * Create or edit a client. A phone another client already has is refused with a 409 naming them;
 * the form then links to that client and offers "Create anyway" (relatives often share a phone).
 */
export const ClientForm = ({ client, defaultLocation = null, onClose, onSaved, desk }: ClientFormProps) => {
  const revalidate = useRevalidateClients();
  const { showSnackbar } = useSnackbar();
  const locations = useLocationOptions({ activeOnly: true });
  // Read at save time: "Create anyway" sets it and submits again in the same click.
  const allowDuplicate = useRef(false);
  const form = useEntityForm({
    initialValues: () => initialValues(client, defaultLocation, desk?.prefill ?? {}),
    fields: FIELDS,
    parse: (v) => clientBodySchema.safeParse(toBody(v)),
    save: (data) => {
      const body = { ...data, allow_duplicate_phone: allowDuplicate.current };
      return client ? updateClient(client.id, body) : createClient(body);
    },
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(client ? `${saved.full_name} saved.` : `${saved.full_name} added.`, 'success');
      onClose();
      onSaved?.(saved);
    },
  });
  const existingId = form.errors.phone ? duplicateClientId(form.errors.phone) : null;
  // The server's sentence ends in how an API caller overrides it; the desk has a button for that.
  const existingName = existingId === null ? '' : form.errors.phone!.split(' (client #')[0];
  const homes = desk ? servableLocations(desk.user, locations.data?.results ?? []) : (locations.data?.results ?? []);
  const linkTo = desk?.linkTo ?? paths.admin.client;

  return (
    <FormDialog
      {...form.dialog}
      title={client ? 'Edit client' : 'New client'}
      submitLabel={client ? 'Save' : 'Add client'}
      onClose={onClose}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" required autoFocus {...form.bind('first_name')} />
        <TextField label="Last name" required {...form.bind('last_name')} />
      </Stack>
      <TextField
        label="Mobile"
        type="tel"
        {...form.bind('phone', 'e.g. 0917 123 4567')}
        {...(existingId === null ? {} : { helperText: `${existingName} already has this mobile.` })}
        slotProps={{ htmlInput: { inputMode: 'tel' } }}
      />
      {existingId !== null ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              disabled={form.submitting}
              onClick={() => {
                allowDuplicate.current = true;
                void form.submit();
              }}
            >
              {client ? 'Save anyway' : 'Create anyway'}
            </Button>
          }
        >
          This number belongs to{' '}
          <Link to={linkTo(existingId)} onClick={onClose}>
            {existingName} (client #{existingId})
          </Link>
          . Open them instead, or keep both (relatives often share a phone).
        </Alert>
      ) : null}
      {desk ? null : <TextField label="Email" type="email" {...form.bind('email')} />}
      {desk ? null : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField label="Birthdate" {...form.bind('birthdate')} />
          <TextField select label="Gender" {...form.bind('gender')}>
            <MenuItem value="">Not given</MenuItem>
            {CLIENT_GENDERS.map((g) => (
              <MenuItem key={g} value={g}>
                {GENDER_LABELS[g]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      <TextField
        select
        label="Home location"
        required
        {...listedValue(form.bind('location', hintUnlessEmpty(locations.data, 'locations')), homes)}
      >
        {homes.map((l) => (
          <MenuItem key={l.id} value={String(l.id)}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
      {desk ? null : <TextField label="Address" {...form.bind('address')} />}
      {desk ? null : (
        <TextField
          label="Notes"
          multiline
          minRows={2}
          {...form.bind('notes', 'Allergies, preferences; staff at every location see them.')}
        />
      )}
      {client ? (
        <ActiveSwitch
          {...form.bindSwitch('is_active')}
          activeLabel="Active"
          inactiveLabel="Inactive: kept for history, hidden from new sales"
        />
      ) : null}
    </FormDialog>
  );
};
