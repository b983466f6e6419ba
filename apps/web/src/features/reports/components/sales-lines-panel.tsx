import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { PAYMENT_METHODS, type DeleteSalesResult, type PaymentMethod } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { useSnackbar } from '../../../components/snackbar-provider';
import { getErrorMessage } from '../../../lib/api-client';
import { formatPeso } from '../../../lib/format';
import { useLocationOptions } from '../../../lib/options';
import { useRevalidateReports } from '../api/reports-keys';
import { DAILY_SALES_PATH, deleteSales, useSaleLines, type SaleLineFilters } from '../api/sales-lines';
import { CsvLink } from '../../../components/figures/csv-link';
import { DateField } from './date-field';
import { EmptyRow } from '../../../components/figures/figure-table';
import { PAYMENT_METHOD_LABELS } from './report-params';

const PAGE_SIZES = [25, 50, 100];

type SalesLinesPanelProps = {
  filters: SaleLineFilters;
  onChange: (change: Partial<Record<keyof SaleLineFilters, string | number | undefined>>) => void;
};

/**
 * The sale lines behind any figure (`/reports/daily-sales/` with the figure's filters), so a
 * disputed total or rank is settled by looking; selected lines can be deleted (admins) or their
 * deletion requested (everyone else; the approvers decide from their notifications).
 */
export const SalesLinesPanel = ({ filters, onChange }: SalesLinesPanelProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  const locations = useLocationOptions({ activeOnly: false });
  const page = filters.page ?? 1;
  const pageSize = filters.pageSize ?? 25;
  const lines = useSaleLines({ ...filters, page, pageSize, ordering: '-date,id' });
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  const [decision, setDecision] = useState<DeleteSalesResult | null>(null);

  const rows = lines.data?.results ?? [];
  // Under the rows, and above them too from 50 a page: nobody scrolls 100 rows to turn the page.
  const pager = (
    <TablePagination
      component="div"
      count={lines.data?.count ?? 0}
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_e, next) => onChange({ page: next + 1 })}
      onRowsPerPageChange={(e) => onChange({ pageSize: Number(e.target.value), page: undefined })}
    />
  );
  const period =
    filters.date ??
    (filters.date_from || filters.date_to ? `${filters.date_from ?? '…'} to ${filters.date_to ?? '…'}` : 'all dates');
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  const remove = async () => {
    setBusy(true);
    setDeleteError('');
    try {
      const result = await deleteSales({ ids: selected, reason });
      setDecision(result);
      setConfirming(false);
      setSelected([]);
      setReason('');
      showSnackbar(result.message, 'success');
      await revalidate();
    } catch (error) {
      setDeleteError(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <DateField
          value={filters.date ?? ''}
          onChange={(value) =>
            onChange({ date: value || undefined, date_from: undefined, date_to: undefined, page: undefined })
          }
        />
        <TextField
          select
          fullWidth={false}
          size="small"
          label="Location"
          value={filters.location ?? ''}
          onChange={(e) => onChange({ location: e.target.value || undefined, page: undefined })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All locations</MenuItem>
          {(locations.data?.results ?? []).map((l) => (
            <MenuItem key={l.id} value={String(l.id)}>
              {l.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth={false}
          size="small"
          label="Paid by"
          value={filters.payment_method ?? ''}
          onChange={(e) =>
            onChange({ payment_method: (e.target.value as PaymentMethod | '') || undefined, page: undefined })
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">Any payment</MenuItem>
          {PAYMENT_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {PAYMENT_METHOD_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        {filters.salesperson || filters.bank ? (
          <Button size="small" onClick={() => onChange({ salesperson: undefined, bank: undefined, page: undefined })}>
            Clear salesperson and bank
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <CsvLink path={DAILY_SALES_PATH} params={{ ...filters, page: undefined, pageSize: undefined }} />
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutlined />}
          disabled={!selected.length}
          onClick={() => setConfirming(true)}
        >
          Delete {selected.length || ''}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Sale lines for {period}
        {rows[0] && filters.salesperson ? `, ${rows[0].salesperson_name}` : ''}
        {lines.data ? ` — ${lines.data.count} in all` : ''}
      </Typography>
      {decision ? (
        <Alert
          severity={decision.result === 'deleted' ? 'success' : 'info'}
          onClose={() => setDecision(null)}
          sx={{ mb: 2 }}
        >
          {decision.message}
        </Alert>
      ) : null}
      {lines.error && !lines.data ? (
        <LoadError title="The sale lines could not be loaded" error={lines.error} onRetry={() => void lines.mutate()} />
      ) : (
        <>
          {lines.isLoading ? <LinearProgress aria-label="Loading the sale lines" /> : null}
          {pageSize >= 50 && rows.length ? pager : null}
          {/* Net right after the date (phones see it without scrolling); the header stays while the rows scroll. */}
          <TableContainer tabIndex={0} role="region" aria-label="Sale lines" sx={{ maxHeight: '75dvh' }}>
            <Table size="small" aria-label="Sale lines" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  {['Date', 'Net', 'Salesperson', 'Location', 'Kind', 'Paid by', 'Bank'].map((h) => (
                    <TableCell key={h} align={h === 'Net' ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((s) => (
                  <TableRow key={s.id} hover selected={selected.includes(s.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(s.id)}
                        onChange={() => toggle(s.id)}
                        slotProps={{ input: { 'aria-label': `Select sale ${s.id}` } }}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.date}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatPeso(s.net_amount)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.salesperson_name}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.location_name}</TableCell>
                    <TableCell>{s.kind.replace('_', '-')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{PAYMENT_METHOD_LABELS[s.payment_method]}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.bank_name ?? '—'}</TableCell>
                  </TableRow>
                ))}
                {lines.data && !rows.length ? (
                  <EmptyRow colSpan={8} role="status">
                    No sale lines match these filters.
                  </EmptyRow>
                ) : null}
              </TableBody>
            </Table>
          </TableContainer>
          {pager}
        </>
      )}
      <Dialog
        open={confirming}
        onClose={busy ? undefined : () => setConfirming(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="delete-sales-title"
      >
        <DialogTitle id="delete-sales-title">
          Delete {selected.length === 1 ? 'this sale' : `${selected.length} sales`}?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            Administrators delete at once; anyone else sends a request the location's approvers decide on. Every
            deletion is audited.
          </DialogContentText>
          {deleteError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {deleteError}
            </Alert>
          ) : null}
          <TextField
            fullWidth
            multiline
            minRows={2}
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
