import { useState, type ChangeEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPhPhone, type ClientImportResult } from '@ginhawa/contract';
import { AdminDialogActions } from '../../../components/form/dialog-actions';
import { CsvFilePicker, ImportDialog } from '../../../components/form/import-dialog';
import { useUploadForm } from '../../../components/form/use-upload-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateClients } from '../api/get-clients';
import { importClients } from '../api/import-clients';

const COLUMNS_HINT =
  'Columns: first_name, last_name, phone, email, birthdate, gender, location, notes (a header row first).';

type Column<R> = { label: string; render: (row: R) => ReactNode };

const ERROR_COLUMNS: Column<ClientImportResult['errors'][number]>[] = [
  { label: 'Line', render: (e) => e.line },
  { label: 'Field', render: (e) => e.field },
  { label: 'Problem', render: (e) => e.message },
];

const PREVIEW_COLUMNS: Column<ClientImportResult['preview'][number]>[] = [
  { label: 'Line', render: (row) => row.line },
  { label: 'Name', render: (row) => `${row.first_name} ${row.last_name}` },
  { label: 'Mobile', render: (row) => formatPhPhone(row.phone) || '—' },
  { label: 'Email', render: (row) => row.email || '—' },
  { label: 'Location', render: (row) => row.location_name },
];

type LinesTableProps<R> = {
  label: string;
  maxHeight: number;
  columns: Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
};

/** A file's lines, one per row, under a header that stays put while a long file scrolls. */
const LinesTable = <R,>({ label, maxHeight, columns, rows, rowKey }: LinesTableProps<R>) => (
  <TableContainer sx={{ maxHeight }}>
    <Table size="small" stickyHeader aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.label}>{c.label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((c) => (
              <TableCell key={c.label}>{c.render(row)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </TableContainer>
);

/**
 * Import a spreadsheet in two steps: the file is checked first (a dry run: what would be created
 * and every bad line with its field), and only a clean file can be imported, all or nothing.
 */
export const ClientImportDialog = ({ onClose }: { onClose: () => void }) => {
  const revalidate = useRevalidateClients();
  const { showSnackbar } = useSnackbar();
  const upload = useUploadForm();
  const { file, busy, error } = upload;
  const [preview, setPreview] = useState<ClientImportResult | null>(null);

  /** A chosen file is checked at once (a dry run); a new choice forgets the last check. */
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = upload.choose(event);
    if (!chosen) return;
    setPreview(null);
    setPreview((await upload.run(() => importClients(chosen, true))) ?? null);
  };

  const confirm = async () => {
    if (!file) return;
    const result = await upload.run(() => importClients(file, false));
    if (!result) return;
    await revalidate();
    showSnackbar(`${result.count} ${result.count === 1 ? 'client' : 'clients'} imported.`, 'success');
    onClose();
  };

  const clean = preview !== null && preview.errors.length === 0 && preview.count > 0;

  return (
    <ImportDialog
      title="Import clients"
      intro={`${COLUMNS_HINT} Nothing is saved until you confirm, and a file with any bad line saves nothing.`}
      busy={busy}
      onClose={onClose}
      actions={
        clean ? (
          <AdminDialogActions
            label={`Import ${preview.count}`}
            busy={busy}
            busyLabel="Importing"
            onCancel={onClose}
            onConfirm={() => void confirm()}
          />
        ) : (
          // Nothing to confirm until a file checks clean.
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
          </DialogActions>
        )
      }
    >
      <CsvFilePicker file={file} disabled={busy} onChange={(event) => void choose(event)} />
      {busy && !preview ? <Typography variant="body2">Checking the file…</Typography> : null}
      {error ? <Alert severity="error">{error.message}</Alert> : null}
      {preview && preview.errors.length > 0 ? (
        <>
          <Alert severity="error">
            {preview.errors.length} {preview.errors.length === 1 ? 'problem' : 'problems'} to fix in the file; nothing
            was imported.
          </Alert>
          <LinesTable
            label="Lines with errors"
            maxHeight={240}
            columns={ERROR_COLUMNS}
            rows={preview.errors}
            rowKey={(e) => `${e.line}-${e.field}`}
          />
        </>
      ) : null}
      {preview && preview.errors.length === 0 ? (
        <Alert severity={preview.count > 0 ? 'success' : 'info'}>
          {preview.count > 0
            ? `${preview.count} ${preview.count === 1 ? 'client' : 'clients'} ready to import.`
            : 'The file has no rows to import.'}
        </Alert>
      ) : null}
      {preview && preview.preview.length > 0 ? (
        <LinesTable
          label="Preview"
          maxHeight={280}
          columns={PREVIEW_COLUMNS}
          rows={preview.preview}
          rowKey={(row) => row.line}
        />
      ) : null}
    </ImportDialog>
  );
};
