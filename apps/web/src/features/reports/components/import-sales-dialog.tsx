import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  BANKED_PAYMENT_METHODS,
  PAYMENT_METHODS,
  SALE_KINDS,
  SALES_CSV_COLUMNS,
  type PaymentMethod,
  type StoreSalesResult,
} from '@ginhawa/contract';
import { toApiError, type FieldErrors } from '../../../lib/api-client';
import { useBankOptions, useEmployeeOptions } from '../../../lib/options';
import { storeSales, storeSalesCsv } from '../api/sales-lines';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { fieldErrorOf, lineErrors } from './line-errors';
import { PAYMENT_METHOD_LABELS } from './report-params';

type SaleKind = (typeof SALE_KINDS)[number];
type FormLine = {
  salesperson: string;
  kind: SaleKind;
  amount: string;
  discount: string;
  payment_method: PaymentMethod;
  bank: string;
  reference_no: string;
};
const emptyLine = (): FormLine => ({
  salesperson: '',
  kind: 'walk_in',
  amount: '',
  discount: '0.00',
  payment_method: 'cash',
  bank: '',
  reference_no: '',
});
const KIND_LABELS: Record<SaleKind, string> = {
  membership: 'Membership',
  voucher: 'Voucher',
  walk_in: 'Walk-in',
  other: 'Other',
};

type ImportSalesDialogProps = {
  open: boolean;
  location: number;
  locationName: string;
  date: string;
  onClose: () => void;
  onStored: (result: StoreSalesResult) => void;
};

/**
 * Import a day's sales for one location, as a form of lines or a CSV file. The API stores all
 * lines or none: a refusal lists every bad line here before anything is stored.
 */
export const ImportSalesDialog = ({
  open,
  location,
  locationName,
  date,
  onClose,
  onStored,
}: ImportSalesDialogProps) => {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [mode, setMode] = useState<'form' | 'csv'>('form');
  const [lines, setLines] = useState<FormLine[]>([emptyLine()]);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // One key per body: a retry after a lost answer stores nothing twice; a changed body gets a new key.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const salespersons = useEmployeeOptions('salesperson', open ? location : null);
  const banks = useBankOptions();

  const keyFor = (body: string) => {
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    return attempt.current.key;
  };
  const update = (index: number, change: Partial<FormLine>) =>
    setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));

  const submit = async () => {
    setBusy(true);
    setMessage('');
    setErrors({});
    try {
      let result: StoreSalesResult;
      if (mode === 'csv') {
        if (!file) {
          setMessage('Choose a CSV file.');
          return;
        }
        result = await storeSalesCsv(
          location,
          date,
          file,
          keyFor(`csv:${location}:${date}:${file.name}:${file.size}:${file.lastModified}`),
        );
      } else {
        const body = {
          location,
          date,
          sales: lines.map((line) => ({
            salesperson: Number(line.salesperson) || 0,
            kind: line.kind,
            amount: line.amount.trim(),
            discount: line.discount.trim() || '0.00',
            payment_method: line.payment_method,
            bank: line.bank ? Number(line.bank) : null,
            reference_no: line.reference_no.trim(),
            reference: '',
            client: null,
          })),
        };
        result = await storeSales(body, keyFor(JSON.stringify(body)));
      }
      attempt.current = null;
      setLines([emptyLine()]);
      setFile(null);
      onStored(result);
    } catch (error) {
      const apiError = toApiError(error);
      setMessage(apiError.message);
      setErrors(apiError.errors);
    } finally {
      setBusy(false);
    }
  };

  const refused = lineErrors(errors);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="import-sales-title"
    >
      <DialogTitle id="import-sales-title">Import sales</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {locationName}, {date}. Every line is checked first: if one is wrong, nothing is stored.
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            onChange={(_e, value: 'form' | 'csv' | null) => value && setMode(value)}
            aria-label="How to import"
          >
            <ToggleButton value="form">Enter lines</ToggleButton>
            <ToggleButton value="csv">CSV file</ToggleButton>
          </ToggleButtonGroup>
          {message ? (
            <Alert severity="error" aria-label="Import refused">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {message}
              </Typography>
              {refused.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {refused.map((e) => (
                    <li key={`${e.line ?? 'x'}-${e.field}`}>
                      {e.line === null ? '' : `Line ${e.line}${e.field ? `, ${e.field}` : ''}: `}
                      {e.line === null && e.field ? `${e.field}: ` : ''}
                      {e.messages.join(' ')}
                    </li>
                  ))}
                </Box>
              ) : null}
            </Alert>
          ) : null}
          {mode === 'csv' ? (
            <Stack spacing={1}>
              <Typography variant="body2">
                A header row, then one sale a line. Columns: <code>{SALES_CSV_COLUMNS.join(', ')}</code> (salesperson,
                amount and payment_method are required; salesperson and bank are ids).
              </Typography>
              <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
                Choose CSV file
                <input
                  hidden
                  type="file"
                  accept=".csv,text/csv"
                  aria-label="CSV file"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                />
              </Button>
              <Typography variant="body2" color="text.secondary">
                {file ? file.name : 'No file chosen.'}
              </Typography>
            </Stack>
          ) : (
            <Stack spacing={2}>
              {lines.map((line, index) => {
                const banked = BANKED_PAYMENT_METHODS.includes(line.payment_method);
                return (
                  <Box
                    key={index}
                    role="group"
                    aria-label={`Line ${index + 1}`}
                    sx={{
                      display: 'grid',
                      gap: 1.5,
                      gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr 1.3fr 1.3fr auto' },
                      alignItems: 'start',
                    }}
                  >
                    <Typography
                      variant="overline"
                      color="text.secondary"
                      sx={{ gridColumn: '1 / -1', lineHeight: 1.5 }}
                    >
                      Line {index + 1}
                    </Typography>
                    <TextField
                      select
                      size="small"
                      label="Salesperson"
                      value={line.salesperson}
                      onChange={(e) => update(index, { salesperson: e.target.value })}
                      error={Boolean(fieldErrorOf(errors, index, 'salesperson'))}
                      helperText={fieldErrorOf(errors, index, 'salesperson')}
                      sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                    >
                      {(salespersons.data?.results ?? []).map((s) => (
                        <MenuItem key={s.id} value={String(s.id)}>
                          {s.full_name}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      select
                      size="small"
                      label="Kind"
                      value={line.kind}
                      onChange={(e) => update(index, { kind: e.target.value as SaleKind })}
                    >
                      {SALE_KINDS.map((k) => (
                        <MenuItem key={k} value={k}>
                          {KIND_LABELS[k]}
                        </MenuItem>
                      ))}
                    </TextField>
                    <TextField
                      size="small"
                      label="Amount"
                      value={line.amount}
                      onChange={(e) => update(index, { amount: e.target.value })}
                      error={Boolean(fieldErrorOf(errors, index, 'amount'))}
                      helperText={fieldErrorOf(errors, index, 'amount')}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                    <TextField
                      size="small"
                      label="Discount"
                      value={line.discount}
                      onChange={(e) => update(index, { discount: e.target.value })}
                      error={Boolean(fieldErrorOf(errors, index, 'discount'))}
                      helperText={fieldErrorOf(errors, index, 'discount')}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                    <TextField
                      select
                      size="small"
                      label="Paid by"
                      value={line.payment_method}
                      onChange={(e) => update(index, { payment_method: e.target.value as PaymentMethod })}
                    >
                      {PAYMENT_METHODS.map((m) => (
                        <MenuItem key={m} value={m}>
                          {PAYMENT_METHOD_LABELS[m]}
                        </MenuItem>
                      ))}
                    </TextField>
                    {banked ? (
                      <TextField
                        select
                        size="small"
                        label="Bank"
                        value={line.bank}
                        onChange={(e) => update(index, { bank: e.target.value })}
                        error={Boolean(fieldErrorOf(errors, index, 'bank'))}
                        helperText={fieldErrorOf(errors, index, 'bank')}
                      >
                        {(banks.data?.results ?? []).map((b) => (
                          <MenuItem key={b.id} value={String(b.id)}>
                            {b.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    ) : (
                      <TextField
                        size="small"
                        label="Reference no."
                        value={line.reference_no}
                        onChange={(e) => update(index, { reference_no: e.target.value })}
                        error={Boolean(fieldErrorOf(errors, index, 'reference_no'))}
                        helperText={fieldErrorOf(errors, index, 'reference_no')}
                      />
                    )}
                    <IconButton
                      aria-label={`Remove line ${index + 1}`}
                      disabled={lines.length === 1}
                      onClick={() => setLines((current) => current.filter((_l, i) => i !== index))}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Box>
                );
              })}
              <Button
                startIcon={<AddOutlined />}
                onClick={() => setLines((current) => [...current, emptyLine()])}
                sx={{ alignSelf: 'flex-start' }}
              >
                Add line
              </Button>
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
