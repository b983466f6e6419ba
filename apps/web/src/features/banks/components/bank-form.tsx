import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { bankBodySchema, type Bank } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { FormDialog } from '../../../components/admin-list/form-dialog';
import { useEntityForm } from '../../../components/admin-list/use-entity-form';
import { useRevalidateBanks } from '../api/get-banks';
import { createBank, updateBank } from '../api/save-bank';

const FIELDS = ['name', 'account_name', 'account_number', 'is_active'] as const;

type Values = { name: string; account_name: string; account_number: string; is_active: boolean };

const initialValues = (bank: Bank | null): Values => ({
  name: bank?.name ?? '',
  account_name: bank?.account_name ?? '',
  account_number: bank?.account_number ?? '',
  is_active: bank?.is_active ?? true,
});

type BankFormProps = {
  /** null: a new account. */
  bank: Bank | null;
  onClose: () => void;
};

/** Create or edit a bank account: one form for both. Render it with a `key` per account. */
export const BankForm = ({ bank, onClose }: BankFormProps) => {
  const revalidate = useRevalidateBanks();
  const { showSnackbar } = useSnackbar();
  const { values, errors, submitting, set, submit } = useEntityForm({
    initialValues: () => initialValues(bank),
    fields: FIELDS,
    parse: (v) => bankBodySchema.safeParse(v),
    save: (_data, v) => (bank ? updateBank(bank.id, v) : createBank(v)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(bank ? `${saved.name} account saved.` : `${saved.name} account added.`, 'success');
      onClose();
    },
  });

  return (
    <FormDialog
      open
      title={bank ? 'Edit bank account' : 'New bank account'}
      submitLabel={bank ? 'Save' : 'Add account'}
      submitting={submitting}
      error={errors.form}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label="Bank"
        name="name"
        required
        autoFocus
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name ?? 'e.g. BDO Unibank, BPI, Metrobank.'}
        disabled={submitting}
      />
      <TextField
        label="Account name"
        name="account_name"
        required
        value={values.account_name}
        onChange={(e) => set('account_name', e.target.value)}
        error={Boolean(errors.account_name)}
        helperText={errors.account_name}
        disabled={submitting}
      />
      <TextField
        label="Account number"
        name="account_number"
        required
        value={values.account_number}
        onChange={(e) => set('account_number', e.target.value)}
        error={Boolean(errors.account_number)}
        helperText={errors.account_number ?? 'Digits; spaces and dashes are fine.'}
        disabled={submitting}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormControlLabel
        control={<Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} disabled={submitting} />}
        label={values.is_active ? 'Active: offered for card and transfer payments' : 'Inactive: kept for past payments only'}
      />
    </FormDialog>
  );
};
