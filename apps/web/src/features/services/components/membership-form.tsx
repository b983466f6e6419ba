import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { membershipBodySchema, type Membership } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateServices } from '../api/query';
import { createMembership, updateMembership } from '../api/save-membership';
import { CategoryPicker } from './category-picker';
import { FormDialog } from '../../../components/admin-list/form-dialog';
import { serverErrors, zodErrors, type FormErrors } from '../../../components/admin-list/form-errors';

const FIELDS = ['name', 'price', 'validity_days', 'description', 'is_active', 'categories'] as const;
type Field = (typeof FIELDS)[number];

type Values = { name: string; price: string; validity_days: string; description: string; is_active: boolean; categories: number[] };

type MembershipFormProps = {
  /** null: a new membership (its categories are chosen here too). */
  membership: Membership | null;
  onClose: () => void;
  onSaved?: (membership: Membership) => void;
};

/**
 * Create or edit a membership's details. Editing leaves its categories alone (the membership page
 * edits them with what it includes). Render with a `key` per membership.
 */
export const MembershipForm = ({ membership, onClose, onSaved }: MembershipFormProps) => {
  const [values, setValues] = useState<Values>({
    name: membership?.name ?? '',
    price: membership?.price ?? '',
    validity_days: String(membership?.validity_days ?? 365),
    description: membership?.description ?? '',
    is_active: membership?.is_active ?? true,
    categories: [],
  });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined, form: undefined }));
  };

  const handleSubmit = async () => {
    const { categories, ...details } = values;
    const parsed = membershipBodySchema.safeParse({
      ...details,
      validity_days: values.validity_days.trim() === '' ? undefined : Number(values.validity_days),
      ...(membership ? {} : { categories }),
    });
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error, FIELDS));
      return;
    }
    setSubmitting(true);
    try {
      const saved = membership ? await updateMembership(membership.id, parsed.data) : await createMembership(parsed.data);
      await revalidate();
      showSnackbar(membership ? `${saved.name} saved.` : `${saved.name} added. Now choose what it includes.`, 'success');
      onSaved?.(saved);
      onClose();
    } catch (err) {
      setErrors(serverErrors(err, FIELDS));
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open
      title={membership ? 'Edit membership' : 'New membership'}
      submitLabel={membership ? 'Save' : 'Add membership'}
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
        helperText={errors.name}
        disabled={submitting}
      />
      <TextField
        label="Price"
        name="price"
        required
        value={values.price}
        onChange={(e) => set('price', e.target.value)}
        error={Boolean(errors.price)}
        helperText={errors.price ?? 'In pesos, e.g. 25000.'}
        disabled={submitting}
        slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { startAdornment: <InputAdornment position="start">₱</InputAdornment> } }}
      />
      <TextField
        label="Valid for"
        name="validity_days"
        required
        value={values.validity_days}
        onChange={(e) => set('validity_days', e.target.value)}
        error={Boolean(errors.validity_days)}
        helperText={errors.validity_days ?? 'Days from the day it is sold, e.g. 180 or 365.'}
        disabled={submitting}
        slotProps={{ htmlInput: { inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">days</InputAdornment> } }}
      />
      {membership ? null : (
        <CategoryPicker
          value={values.categories}
          onChange={(ids) => set('categories', ids)}
          error={errors.categories}
          helperText="Optional; where the membership is listed."
          disabled={submitting}
        />
      )}
      <TextField
        label="Description"
        name="description"
        multiline
        minRows={2}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        disabled={submitting}
      />
      <FormControlLabel
        control={<Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} disabled={submitting} />}
        label={values.is_active ? 'Active: can be sold' : 'Inactive: no longer sold'}
      />
    </FormDialog>
  );
};
