import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { formatPhPhone, locationBodySchema, type Location } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { FormDialog } from '../../../components/admin-list/form-dialog';
import { serverErrors, zodErrors, type FormErrors } from '../../../components/admin-list/form-errors';
import { TimeSlotSelect } from '../../../components/time-slot-select';
import { useRevalidateLocations } from '../api/get-locations';
import { createLocation, updateLocation } from '../api/save-location';

const FIELDS = ['name', 'address', 'phone', 'opening_time', 'closing_time', 'is_active'] as const;
type Field = (typeof FIELDS)[number];

type Values = { name: string; address: string; phone: string; opening_time: string; closing_time: string; is_active: boolean };

const initialValues = (location: Location | null): Values => ({
  name: location?.name ?? '',
  address: location?.address ?? '',
  phone: formatPhPhone(location?.phone),
  opening_time: location?.opening_time ?? '10:00',
  closing_time: location?.closing_time ?? '22:00',
  is_active: location?.is_active ?? true,
});

type LocationFormProps = {
  /** null: a new location. */
  location: Location | null;
  onClose: () => void;
};

/** Create or edit a location: one form for both. Render it with a `key` per location. */
export const LocationForm = ({ location, onClose }: LocationFormProps) => {
  const [values, setValues] = useState<Values>(() => initialValues(location));
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const revalidate = useRevalidateLocations();
  const { showSnackbar } = useSnackbar();

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined, form: undefined }));
  };

  const handleSubmit = async () => {
    const parsed = locationBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error, FIELDS));
      return;
    }
    setSubmitting(true);
    try {
      // The raw values go to the server, which normalises the phone itself.
      const saved = location ? await updateLocation(location.id, values) : await createLocation(values);
      await revalidate();
      showSnackbar(location ? `${saved.name} saved.` : `${saved.name} added.`, 'success');
      onClose();
    } catch (err) {
      setErrors(serverErrors(err, FIELDS));
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open
      title={location ? 'Edit location' : 'New location'}
      submitLabel={location ? 'Save' : 'Add location'}
      submitting={submitting}
      error={errors.form}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <TextField
        label="Name"
        name="name"
        required
        autoFocus
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? 'Unique, e.g. Makati Salcedo.'}
        disabled={submitting}
      />
      <TextField
        label="Address"
        name="address"
        multiline
        minRows={2}
        value={values.address}
        onChange={(e) => set('address', e.target.value)}
        error={Boolean(errors.address)}
        helperText={errors.address}
        disabled={submitting}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        value={values.phone}
        onChange={(e) => set('phone', e.target.value)}
        error={Boolean(errors.phone)}
        helperText={errors.phone ?? 'e.g. (02) 8123 4567 or 0917 123 4567; saved as +63….'}
        disabled={submitting}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TimeSlotSelect
          label="Opens"
          name="opening_time"
          required
          value={values.opening_time}
          onChange={(value) => set('opening_time', value)}
          error={Boolean(errors.opening_time)}
          helperText={errors.opening_time}
          disabled={submitting}
        />
        <TimeSlotSelect
          label="Closes"
          name="closing_time"
          required
          value={values.closing_time}
          onChange={(value) => set('closing_time', value)}
          error={Boolean(errors.closing_time)}
          helperText={errors.closing_time ?? (values.closing_time < values.opening_time ? 'After midnight.' : undefined)}
          disabled={submitting}
        />
      </Box>
      <FormControlLabel
        control={<Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} disabled={submitting} />}
        label={values.is_active ? 'Active: open for arrivals and sales' : 'Inactive: closed branch'}
      />
    </FormDialog>
  );
};
