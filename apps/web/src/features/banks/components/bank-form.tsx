import TextField from '@mui/material/TextField';
import { bankBodySchema, type Bank } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { FormDialog } from '../../../components/form/form-dialog';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { useEntityForm } from '../../../components/form/use-entity-form';
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
  const form = useEntityForm({
    initialValues: () => initialValues(bank),
    fields: FIELDS,
    parse: (v) => bankBodySchema.safeParse(v),
    save: (data) => (bank ? updateBank(bank.id, data) : createBank(data)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(bank ? `${saved.name} account saved.` : `${saved.name} account added.`, 'success');
      onClose();
    },
  });

  return (
    <FormDialog
      {...form.dialog}
      title={bank ? 'Edit bank account' : 'New bank account'}
      submitLabel={bank ? 'Save' : 'Add account'}
      onClose={onClose}
    >
      <TextField
        label="Bank"
        required
        autoFocus
        // GCash and Maya are paid as "E-wallet" with their reference, no account (decision 0016).
        {...form.bind(
          'name',
          'e.g. BDO Unibank, BPI, Metrobank. GCash and Maya need no account here: the desk enters their reference number.',
        )}
      />
      <TextField label="Account name" required {...form.bind('account_name')} />
      <TextField
        label="Account number"
        required
        {...form.bind('account_number', 'Digits; spaces and dashes are fine.')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <ActiveSwitch
        {...form.bindSwitch('is_active')}
        activeLabel="Active: offered for card and transfer payments"
        inactiveLabel="Inactive: kept for past payments only"
      />
    </FormDialog>
  );
};
