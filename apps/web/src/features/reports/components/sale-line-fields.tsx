import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  BANKED_PAYMENT_METHODS,
  KEYED_SALE_KINDS,
  PAYMENT_METHODS,
  SALE_KIND_LABELS,
  type BankDirectoryEntry,
  type Employee,
  type PaymentMethod,
  PAYMENT_METHOD_LABELS,
} from '@ginhawa/contract';
import type { FieldErrors } from '../../../lib/api-client';
import { bankLabel } from '../../../lib/options';
import { fieldErrorOf } from './line-errors';

type SaleKind = (typeof KEYED_SALE_KINDS)[number];
/** One line of the import form as typed (ids as strings, amounts as text). */
export type FormLine = {
  salesperson: string;
  kind: SaleKind;
  amount: string;
  discount: string;
  /** Collected on top of the net (RA 11360); shared by the branch's staff in the pay run. */
  service_charge: string;
  payment_method: PaymentMethod;
  bank: string;
  reference_no: string;
  /** With invoicing on (issue 33): the number of the invoice the other registered till issued. */
  external_document_no: string;
};
export const emptyLine = (): FormLine => ({
  salesperson: '',
  kind: 'walk_in',
  amount: '',
  discount: '0.00',
  service_charge: '0.00',
  payment_method: 'cash',
  bank: '',
  reference_no: '',
  external_document_no: '',
});
type SaleLinesFieldsProps = {
  lines: FormLine[];
  onLinesChange: (change: (lines: FormLine[]) => FormLine[]) => void;
  /** The refusal's errors: `sales.<i>.<field>` shows under line i's field. */
  errors: FieldErrors;
  salespersons: readonly Employee[];
  banks: readonly BankDirectoryEntry[];
};

/** The import form's lines, one group each (a bank for card and transfer, else a reference), and Add line. */
export const SaleLinesFields = ({ lines, onLinesChange, errors, salespersons, banks }: SaleLinesFieldsProps) => {
  const update = (index: number, change: Partial<FormLine>) =>
    onLinesChange((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));
  /** A field's value and change (a select's value is one of its options), and its message unless it has none. */
  const bind = (index: number, field: keyof FormLine, withMessage = true) => ({
    value: lines[index]?.[field] ?? '',
    onChange: (e: { target: { value: string } }) => update(index, { [field]: e.target.value } as Partial<FormLine>),
    ...(withMessage
      ? { error: Boolean(fieldErrorOf(errors, index, field)), helperText: fieldErrorOf(errors, index, field) }
      : {}),
  });

  return (
    <Stack spacing={2}>
      {lines.map((line, index) => (
        <Box
          key={index}
          role="group"
          aria-label={`Line ${index + 1}`}
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1fr 1.3fr 1.3fr auto' },
            alignItems: 'start',
          }}
        >
          <Typography variant="overline" color="textSecondary" sx={{ gridColumn: '1 / -1', lineHeight: 1.5 }}>
            Line {index + 1}
          </Typography>
          <TextField
            select
            size="small"
            label="Salesperson"
            {...bind(index, 'salesperson')}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          >
            {salespersons.map((s) => (
              <MenuItem key={s.id} value={String(s.id)}>
                {s.full_name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" label="Kind" {...bind(index, 'kind', false)}>
            {KEYED_SALE_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {SALE_KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Amount"
            {...bind(index, 'amount')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            size="small"
            label="Discount"
            {...bind(index, 'discount')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            size="small"
            label="Service charge"
            {...bind(index, 'service_charge')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField select size="small" label="Paid by" {...bind(index, 'payment_method', false)}>
            {PAYMENT_METHODS.map((m) => (
              <MenuItem key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </MenuItem>
            ))}
          </TextField>
          {BANKED_PAYMENT_METHODS.includes(line.payment_method) ? (
            <TextField select size="small" label="Bank" {...bind(index, 'bank')}>
              {banks.map((b) => (
                <MenuItem key={b.id} value={String(b.id)}>
                  {bankLabel(b)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField size="small" label="Reference no." {...bind(index, 'reference_no')} />
          )}
          <TextField size="small" label="Invoice no. (other till)" {...bind(index, 'external_document_no')} />
          <IconButton
            aria-label={`Remove line ${index + 1}`}
            disabled={lines.length === 1}
            onClick={() => onLinesChange((current) => current.filter((_l, i) => i !== index))}
          >
            <DeleteOutlined />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<AddOutlined />}
        onClick={() => onLinesChange((current) => [...current, emptyLine()])}
        sx={{ alignSelf: 'flex-start' }}
      >
        Add line
      </Button>
    </Stack>
  );
};
