import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SALES_CSV_COLUMNS, type StoreSalesBody, type StoreSalesResult } from '@ginhawa/contract';
import { ChoiceToggle } from '../../../components/choice-toggle';
import { AdminDialogActions } from '../../../components/form/dialog-actions';
import { CsvFilePicker, ImportDialog } from '../../../components/form/import-dialog';
import { useUploadForm } from '../../../components/form/use-upload-form';
import type { FieldErrors } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { useBankOptions, useEmployeeOptions } from '../../../lib/options';
import { storeSales, storeSalesCsv } from '../api/sales-lines';
import { lineErrors } from './line-errors';
import { emptyLine, SaleLinesFields, type FormLine } from './sale-line-fields';

const MODES = [
  { value: 'form', label: 'Enter lines' },
  { value: 'csv', label: 'CSV file' },
] as const;

type ImportSalesDialogProps = {
  open: boolean;
  location: number;
  locationName: string;
  date: string;
  onClose: () => void;
  onStored: (result: StoreSalesResult) => void;
};

/** The refusal: its sentence, then every bad line with its field. */
const RefusedLines = ({ message, errors }: { message: string; errors: FieldErrors }) => {
  const refused = lineErrors(errors);
  return (
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
  );
};

/** The form's lines as the API takes them (a blank discount or service charge is none; ids as numbers). */
const bodyOf = (location: number, date: string, lines: FormLine[]): StoreSalesBody => ({
  location,
  date,
  sales: lines.map((line) => ({
    salesperson: Number(line.salesperson) || 0,
    kind: line.kind,
    amount: line.amount.trim(),
    discount: line.discount.trim() || '0.00',
    service_charge: line.service_charge.trim() || '0.00',
    payment_method: line.payment_method,
    bank: line.bank ? Number(line.bank) : null,
    reference_no: line.reference_no.trim(),
    external_document_no: line.external_document_no.trim(),
    reference: '',
    client: null,
  })),
});

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
  const [mode, setMode] = useState<'form' | 'csv'>('form');
  const [lines, setLines] = useState<FormLine[]>([emptyLine()]);
  const upload = useUploadForm();
  const { file, busy, error } = upload;
  // One key per body: a retry after a lost answer stores nothing twice; a changed body gets a new key.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const salespersons = useEmployeeOptions('salesperson', open ? location : null);
  const banks = useBankOptions();

  const keyFor = (body: string) => {
    if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  const submit = async () => {
    if (mode === 'csv' && !file) return upload.refuse('Choose a CSV file.');
    const result = await upload.run(() => {
      if (mode === 'csv' && file) {
        const fileKey = `csv:${location}:${date}:${file.name}:${file.size}:${file.lastModified}`;
        return storeSalesCsv(location, date, file, keyFor(fileKey));
      }
      const body = bodyOf(location, date, lines);
      return storeSales(body, keyFor(JSON.stringify(body)));
    });
    if (!result) return;
    attempt.current = null;
    setLines([emptyLine()]);
    upload.setFile(null);
    onStored(result);
  };

  return (
    <ImportDialog
      open={open}
      maxWidth="lg"
      title="Import sales"
      intro={`${locationName}, ${formatDate(date)}. Every line is checked first: if one is wrong, nothing is stored.`}
      busy={busy}
      onClose={onClose}
      actions={
        <AdminDialogActions
          label="Import"
          busy={busy}
          busyLabel="Importing"
          onCancel={onClose}
          onConfirm={() => void submit()}
        />
      }
    >
      <ChoiceToggle label="How to import" value={mode} onChange={setMode} choices={MODES} />
      {error ? <RefusedLines message={error.message} errors={error.errors} /> : null}
      {mode === 'csv' ? (
        <Stack spacing={1}>
          <Typography variant="body2">
            A header row, then one sale a line. Columns: <code>{SALES_CSV_COLUMNS.join(', ')}</code> (salesperson,
            amount and payment_method are required; salesperson and bank are ids).
          </Typography>
          <CsvFilePicker file={file} disabled={busy} onChange={upload.choose} />
        </Stack>
      ) : (
        <SaleLinesFields
          lines={lines}
          onLinesChange={setLines}
          errors={error?.errors ?? {}}
          salespersons={salespersons.data?.results ?? []}
          banks={banks.data?.results ?? []}
        />
      )}
    </ImportDialog>
  );
};
