import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  TREATMENT_DURATION_MAX,
  TREATMENT_DURATION_STEP,
  formatDuration,
  treatmentBodySchema,
  type Treatment,
} from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { hintUnlessEmpty } from '../../../lib/options';
import { useCategoryOptions } from '../api/get-categories';
import { useRevalidateServices } from '../api/query';
import { createTreatment, updateTreatment } from '../api/save-treatment';
import { FormDialog } from '../../../components/form/form-dialog';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { RoomKindsField } from './room-kinds-field';
import { TaxFields } from './tax-fields';

const FIELDS = [
  'name',
  'category',
  'duration_minutes',
  'price',
  'description',
  'room_kinds',
  'tax_class',
  'senior_pwd_eligible',
  'is_active',
] as const;

export const DURATION_CHOICES = Array.from(
  { length: TREATMENT_DURATION_MAX / TREATMENT_DURATION_STEP },
  (_, i) => (i + 1) * TREATMENT_DURATION_STEP,
);

type Values = {
  name: string;
  category: string;
  duration_minutes: string;
  price: string;
  description: string;
  room_kinds: string[];
  tax_class: string;
  senior_pwd_eligible: boolean;
  is_active: boolean;
};

const initialValues = (treatment: Treatment | null, defaultCategory?: number | null): Values => ({
  name: treatment?.name ?? '',
  category: String(treatment?.category ?? defaultCategory ?? ''),
  duration_minutes: String(treatment?.duration_minutes ?? 60),
  price: treatment?.price ?? '',
  description: treatment?.description ?? '',
  room_kinds: treatment?.room_kinds ?? [],
  tax_class: treatment?.tax_class ?? 'vatable',
  senior_pwd_eligible: treatment?.senior_pwd_eligible ?? true,
  is_active: treatment?.is_active ?? true,
});

type TreatmentFormProps = {
  /** null: a new treatment. */
  treatment: Treatment | null;
  /** Pre-selected category for a new one (the list's filter). */
  defaultCategory?: number | null;
  onClose: () => void;
};

/** Create or edit a treatment: one form for both, so they cannot drift. Render it with a `key` per treatment. */
export const TreatmentForm = ({ treatment, defaultCategory, onClose }: TreatmentFormProps) => {
  const categories = useCategoryOptions('treatment');
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const { errors, values, set, bind, dialog, bindSwitch, submitting } = useEntityForm({
    money: ['price'],
    initialValues: () => initialValues(treatment, defaultCategory),
    fields: FIELDS,
    parse: (v: Values) =>
      treatmentBodySchema.safeParse({
        ...v,
        category: v.category ? Number(v.category) : undefined,
        duration_minutes: Number(v.duration_minutes),
      }),
    save: (data) => (treatment ? updateTreatment(treatment.id, data) : createTreatment(data)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(treatment ? `${saved.name} saved.` : `${saved.name} added.`, 'success');
      onClose();
    },
  });

  return (
    <FormDialog
      {...dialog}
      title={treatment ? 'Edit treatment' : 'New treatment'}
      submitLabel={treatment ? 'Save' : 'Add treatment'}
      onClose={onClose}
    >
      <TextField label="Name" required autoFocus {...bind('name')} />
      <TextField
        select
        label="Category"
        required
        {...bind(
          'category',
          categories.error
            ? 'The categories could not be loaded.'
            : hintUnlessEmpty(categories.data, 'treatmentCategories'),
        )}
        error={Boolean(errors.category) || Boolean(categories.error)}
      >
        {(categories.data?.results ?? []).map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.name}
          </MenuItem>
        ))}
        {/* Keep the current value selectable while the list loads. */}
        {treatment && !categories.data ? (
          <MenuItem value={String(treatment.category)}>{treatment.category_name}</MenuItem>
        ) : null}
      </TextField>
      <TextField select label="Duration" required {...bind('duration_minutes', 'In steps of 15 minutes.')}>
        {DURATION_CHOICES.map((minutes) => (
          <MenuItem key={minutes} value={String(minutes)}>
            {formatDuration(minutes)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Price"
        required
        {...bind('price', 'In pesos, e.g. 1200 or 1200.50.')}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">₱</InputAdornment> },
        }}
      />
      <TextField label="Description" multiline minRows={2} {...bind('description')} />
      <RoomKindsField
        value={values.room_kinds}
        onChange={(kinds) => set('room_kinds', kinds)}
        disabled={submitting}
        error={errors.room_kinds}
      />
      <TaxFields
        taxClass={bind('tax_class', 'Menu prices include VAT.')}
        eligible={bindSwitch('senior_pwd_eligible')}
      />
      <ActiveSwitch
        {...bindSwitch('is_active')}
        activeLabel="Active: can be sold and booked"
        inactiveLabel="Inactive: hidden from new sales"
      />
    </FormDialog>
  );
};
