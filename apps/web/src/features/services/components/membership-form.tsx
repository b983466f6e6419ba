import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { membershipBodySchema, type Membership } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateServices } from '../api/query';
import { createMembership, updateMembership } from '../api/save-membership';
import { CategoryPicker } from './category-picker';
import { FormDialog } from '../../../components/form/form-dialog';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { TaxFields } from './tax-fields';
import { useEntityForm } from '../../../components/form/use-entity-form';

const FIELDS = [
  'name',
  'price',
  'validity_days',
  'description',
  'tax_class',
  'senior_pwd_eligible',
  'is_active',
  'categories',
] as const;

type Values = {
  name: string;
  price: string;
  validity_days: string;
  description: string;
  tax_class: string;
  senior_pwd_eligible: boolean;
  is_active: boolean;
  categories: number[];
};

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
  const revalidate = useRevalidateServices();
  const { showSnackbar } = useSnackbar();
  const { values, errors, submitting, set, bind, dialog, bindSwitch } = useEntityForm({
    money: ['price'],
    initialValues: (): Values => ({
      name: membership?.name ?? '',
      price: membership?.price ?? '',
      validity_days: String(membership?.validity_days ?? 365),
      description: membership?.description ?? '',
      tax_class: membership?.tax_class ?? 'vatable',
      senior_pwd_eligible: membership?.senior_pwd_eligible ?? false,
      is_active: membership?.is_active ?? true,
      categories: [],
    }),
    fields: FIELDS,
    parse: (v) => {
      const { categories, ...details } = v;
      return membershipBodySchema.safeParse({
        ...details,
        validity_days: v.validity_days.trim() === '' ? undefined : Number(v.validity_days),
        ...(membership ? {} : { categories }),
      });
    },
    save: (data) => (membership ? updateMembership(membership.id, data) : createMembership(data)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(
        membership ? `${saved.name} saved.` : `${saved.name} added. Now choose what it includes.`,
        'success',
      );
      onSaved?.(saved);
      onClose();
    },
  });

  return (
    <FormDialog
      {...dialog}
      title={membership ? 'Edit membership' : 'New membership'}
      submitLabel={membership ? 'Save' : 'Add membership'}
      onClose={onClose}
    >
      <TextField label="Name" required autoFocus {...bind('name')} />
      <TextField
        label="Price"
        required
        {...bind('price', 'In pesos, e.g. 25000.')}
        slotProps={{
          htmlInput: { inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">₱</InputAdornment> },
        }}
      />
      <TextField
        label="Valid for"
        required
        {...bind('validity_days', 'Days from the day it is sold, e.g. 180 or 365.')}
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">days</InputAdornment> },
        }}
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
      <TextField label="Description" multiline minRows={2} {...bind('description')} />
      <TaxFields
        taxClass={bind('tax_class', 'Menu prices include VAT.')}
        eligible={bindSwitch('senior_pwd_eligible')}
      />
      <ActiveSwitch
        {...bindSwitch('is_active')}
        activeLabel="Active: can be sold"
        inactiveLabel="Inactive: no longer sold"
      />
    </FormDialog>
  );
};
