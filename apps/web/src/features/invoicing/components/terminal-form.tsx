import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { terminalBodySchema, terminalPatchSchema, type Terminal, type TerminalBody } from '@ginhawa/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { FormDialog } from '../../../components/form/form-dialog';
import { ActiveSwitch } from '../../../components/form/active-switch';
import { DateField } from '../../../components/date-field';
import { LocationField } from '../../../components/location-field';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useLocationOptions } from '../../../lib/options';
import { createTerminal, updateTerminal, useRevalidateTerminals } from '../api/terminals';

/** The three series a terminal keeps, each with its prefix and the next number it will issue. */
export const SERIES = [
  { kind: 'invoice', label: 'Invoices', prefix: 'invoice_prefix', next: 'next_invoice_number' },
  { kind: 'credit_memo', label: 'Credit memos', prefix: 'credit_memo_prefix', next: 'next_credit_memo_number' },
  {
    kind: 'acknowledgement',
    label: 'Deposit acknowledgements',
    prefix: 'acknowledgement_prefix',
    next: 'next_acknowledgement_number',
  },
] as const;

const FIELDS = [
  'location',
  'name',
  'min',
  'serial_number',
  'permit_number',
  'permit_date',
  'invoice_prefix',
  'next_invoice_number',
  'credit_memo_prefix',
  'next_credit_memo_number',
  'acknowledgement_prefix',
  'next_acknowledgement_number',
  'is_active',
] as const;

type Values = Record<Exclude<(typeof FIELDS)[number], 'is_active'>, string> & { is_active: boolean };

const initialValues = (terminal: Terminal | null, defaultLocation: number | null): Values => ({
  location: String(terminal?.location ?? defaultLocation ?? ''),
  name: terminal?.name ?? '',
  min: terminal?.min ?? '',
  serial_number: terminal?.serial_number ?? '',
  permit_number: terminal?.permit_number ?? '',
  permit_date: terminal?.permit_date ?? '',
  invoice_prefix: terminal?.invoice_prefix ?? '',
  next_invoice_number: String(terminal?.next_invoice_number ?? 1),
  credit_memo_prefix: terminal?.credit_memo_prefix ?? '',
  next_credit_memo_number: String(terminal?.next_credit_memo_number ?? 1),
  acknowledgement_prefix: terminal?.acknowledgement_prefix ?? '',
  next_acknowledgement_number: String(terminal?.next_acknowledgement_number ?? 1),
  is_active: terminal?.is_active ?? true,
});

/** A typed whole number as a number for the schema; anything else goes through as text, for its message. */
const wholeNumber = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : v);

const bodyOf = (v: Values): Record<keyof Values, unknown> => ({
  ...v,
  location: v.location === '' ? undefined : Number(v.location),
  permit_date: v.permit_date === '' ? null : v.permit_date,
  invoice_prefix: v.invoice_prefix.toUpperCase(),
  credit_memo_prefix: v.credit_memo_prefix.toUpperCase(),
  acknowledgement_prefix: v.acknowledgement_prefix.toUpperCase(),
  next_invoice_number: wholeNumber(v.next_invoice_number),
  next_credit_memo_number: wholeNumber(v.next_credit_memo_number),
  next_acknowledgement_number: wholeNumber(v.next_acknowledgement_number),
});

type TerminalFormProps = {
  /** null: a new terminal. */
  terminal: Terminal | null;
  defaultLocation?: number | null;
  onClose: () => void;
};

/** Add or edit a desk's terminal: where it stands, its BIR permit, and its document series. */
export const TerminalForm = ({ terminal, defaultLocation = null, onClose }: TerminalFormProps) => {
  const locations = useLocationOptions({ activeOnly: true });
  const revalidate = useRevalidateTerminals();
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: () => initialValues(terminal, defaultLocation),
    fields: FIELDS,
    parse: (v) => (terminal ? terminalPatchSchema : terminalBodySchema).safeParse(bodyOf(v)),
    save: (data) => (terminal ? updateTerminal(terminal.id, data) : createTerminal(data as TerminalBody)),
    onSaved: async (saved) => {
      await revalidate();
      showSnackbar(terminal ? `${saved.name} saved.` : `${saved.name} added at ${saved.location_name}.`, 'success');
      onClose();
    },
  });

  return (
    <FormDialog
      {...form.dialog}
      title={terminal ? 'Edit terminal' : 'New terminal'}
      submitLabel={terminal ? 'Save' : 'Add terminal'}
      onClose={onClose}
    >
      <LocationField
        field={form.bind('location')}
        locations={locations}
        kept={terminal && { id: terminal.location, name: terminal.location_name }}
      />
      <TextField label="Name" required autoFocus {...form.bind('name', 'e.g. Front desk 1.')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField label="MIN" {...form.bind('min', 'Machine identification number, as on the permit.')} />
        <TextField label="Serial number" {...form.bind('serial_number')} />
        <TextField label="Permit or AC number" {...form.bind('permit_number')} />
        <DateField label="Permit date" {...form.bind('permit_date')} />
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        Document series
      </Typography>
      <Typography variant="body2" color="textSecondary">
        Each series is numbered on its own and never goes back: set where it starts before the terminal issues its first
        document.
      </Typography>
      {SERIES.map((series) => (
        <Box key={series.kind} sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextField label={`${series.label}: prefix`} {...form.bind(series.prefix)} />
          <TextField
            label={`${series.label}: next number`}
            {...form.bind(series.next)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Box>
      ))}
      <ActiveSwitch
        {...form.bindSwitch('is_active')}
        activeLabel="Active: the branch's desks may use it"
        inactiveLabel="Inactive: kept with its series for the books"
      />
    </FormDialog>
  );
};
