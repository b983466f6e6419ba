import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { formatPhPhone, locationBodySchema, type Location } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { FormDialog } from '../../../components/form/form-dialog';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { TimeSlotSelect } from '../../../components/time-slot-select';
import { useRevalidateLocations } from '../api/get-locations';
import { createLocation, updateLocation } from '../api/save-location';

const FIELDS = [
  'name',
  'address',
  'phone',
  'opening_time',
  'closing_time',
  'branch_code',
  'registered_address',
  'is_active',
] as const;

type Values = {
  name: string;
  address: string;
  phone: string;
  opening_time: string;
  closing_time: string;
  branch_code: string;
  registered_address: string;
  is_active: boolean;
};

const initialValues = (location: Location | null): Values => ({
  name: location?.name ?? '',
  address: location?.address ?? '',
  phone: formatPhPhone(location?.phone),
  opening_time: location?.opening_time ?? '10:00',
  closing_time: location?.closing_time ?? '22:00',
  branch_code: location?.branch_code ?? '',
  registered_address: location?.registered_address ?? '',
  is_active: location?.is_active ?? true,
});

type LocationFormProps = {
  /** null: a new location. */
  location: Location | null;
  onClose: () => void;
};

/** Create or edit a location: one form for both. Render it with a `key` per location. */
export const LocationForm = ({ location, onClose }: LocationFormProps) => {
  const revalidate = useRevalidateLocations();
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: () => initialValues(location),
    fields: FIELDS,
    parse: (v) => locationBodySchema.safeParse(v),
    save: (data) => (location ? updateLocation(location.id, data) : createLocation(data)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(location ? `${saved.name} saved.` : `${saved.name} added.`, 'success');
      onClose();
    },
  });

  const closes = form.bind('closing_time');
  return (
    <FormDialog
      {...form.dialog}
      title={location ? 'Edit location' : 'New location'}
      submitLabel={location ? 'Save' : 'Add location'}
      onClose={onClose}
    >
      <TextField label="Name" required autoFocus {...form.bind('name', 'Unique, e.g. Makati Salcedo.')} />
      <TextField label="Address" multiline minRows={2} {...form.bind('address')} />
      <TextField
        label="Phone"
        type="tel"
        {...form.bind('phone', 'e.g. (02) 8123 4567 or 0917 123 4567; saved as +63….')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TimeSlotSelect label="Opens" required {...form.bind('opening_time')} />
        <TimeSlotSelect
          label="Closes"
          required
          {...closes}
          helperText={
            closes.helperText ?? (form.values.closing_time < form.values.opening_time ? 'After midnight.' : undefined)
          }
        />
      </Box>
      <TextField
        label="BIR branch code"
        {...form.bind('branch_code', 'The 5 digits the BIR gave this branch (00000 for the head office).')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
      />
      <TextField
        label="Registered address"
        multiline
        minRows={2}
        {...form.bind('registered_address', 'As on its BIR registration; printed on its invoices.')}
      />
      <ActiveSwitch
        {...form.bindSwitch('is_active')}
        activeLabel="Active: open for arrivals and sales"
        inactiveLabel="Inactive: closed branch"
      />
    </FormDialog>
  );
};
