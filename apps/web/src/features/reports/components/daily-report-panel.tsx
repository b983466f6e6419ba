import { useEffect, useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { DailyReport, DailySalesReport } from '@ginhawa/contract';
import { LoadError } from '../../../components/load-error';
import { useSnackbar } from '../../../components/snackbar-provider';
import { getErrorMessage, toApiError } from '../../../lib/api-client';
import { formatPeso } from '../../../lib/format';
import { listedValue, useLocationOptions } from '../../../lib/options';
import {
  approveDailyReport,
  createDailyReport,
  returnDailyReport,
  submitDailyReport,
  updateDailyReport,
  useDailyReportRecord,
  useDailySalesReport,
} from '../api/daily-reports';
import { REPORTS_PATH, useRevalidateReports } from '../api/reports-keys';
import { CsvLink } from '../../../components/figures/csv-link';
import { DateField } from './date-field';
import { FigureTable } from '../../../components/figures/figure-table';
import { ImportSalesDialog } from './import-sales-dialog';
import { PAYMENT_METHOD_LABELS, STATUS_LABELS } from './report-params';

type LocationFigures = DailySalesReport['locations'][number];
type Amount = LocationFigures['by_payment_method'][number];

const STATUS_COLORS = { draft: 'default', submitted: 'info', approved: 'success', returned: 'warning' } as const;

/** A link to the sale lines behind a figure: the same date and location, plus the figure's own filter. */
const linesHref = (date: string, location: number, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ tab: 'lines', date, location: String(location), ...extra }).toString()}`;

const Figure = ({ label, value, tone }: { label: string; value: string; tone?: 'error' | 'success' }) => (
  <Box role="group" aria-label={label} sx={{ minWidth: 120 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p" color={tone ? `${tone}.main` : 'text.primary'}>
      {value}
    </Typography>
  </Box>
);

const varianceTone = (variance: string | null) =>
  variance === null ? undefined : Number(variance) === 0 ? 'success' : 'error';

type DailyReportPanelProps = {
  date: string;
  location: number | null;
  onChange: (change: { date?: string; location?: number | null }) => void;
};

/** One location's day: totals by payment method, bank and salesperson, variance, and the report's approval. */
export const DailyReportPanel = ({ date, location, onChange }: DailyReportPanelProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  const locations = useLocationOptions({ activeOnly: false });
  const figures = useDailySalesReport(date);
  const record = useDailyReportRecord(location, date);
  const report: DailyReport | null = record.data?.results[0] ?? null;
  const [importing, setImporting] = useState(false);
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [cashOnHand, setCashOnHand] = useState('');
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [formErrors, setFormErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    setCashOnHand(report?.cash_on_hand ?? '');
    setRemarks(report?.remarks ?? '');
    setFormErrors({});
  }, [report?.id, report?.cash_on_hand, report?.remarks]);

  const chosen = figures.data?.locations.find((l) => l.location === location) ?? null;
  const locationName = chosen?.location_name ?? locations.data?.results.find((l) => l.id === location)?.name ?? '';
  const editable = !report || report.status === 'draft' || report.status === 'returned';

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setFormErrors({});
    try {
      await work();
      showSnackbar(done, 'success');
      await revalidate();
    } catch (error) {
      const apiError = toApiError(error);
      setFormErrors(apiError.errors);
      showSnackbar(apiError.message, 'error');
    } finally {
      setBusy(false);
    }
  };

  /** What the report's own fields share: locked unless the report is editable, the server's message (else the hint) beneath. */
  const reportField = (
    name: 'cash_on_hand' | 'remarks',
    value: string,
    setValue: (next: string) => void,
    hint?: string,
  ) => ({
    size: 'small' as const,
    value,
    disabled: !editable || busy,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(event.target.value),
    error: Boolean(formErrors[name]),
    helperText: formErrors[name]?.join(' ') ?? hint,
  });

  /** Saves cash on hand and remarks, starting the report when the day has none yet. */
  const save = async (): Promise<DailyReport> => {
    const body = { cash_on_hand: cashOnHand.trim() === '' ? null : cashOnHand.trim(), remarks };
    if (report) return updateDailyReport(report.id, body);
    if (!location) throw new Error('Choose a location.');
    return createDailyReport({ location, date, ...body });
  };

  const toolbar = (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <DateField value={date} onChange={(value) => value && onChange({ date: value })} />
      <TextField
        select
        fullWidth={false}
        size="small"
        label="Location"
        {...listedValue({ value: location ?? '' }, locations.data?.results)}
        onChange={(e) => onChange({ location: Number(e.target.value) || null })}
        sx={{ minWidth: 200 }}
      >
        {(locations.data?.results ?? []).map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flexGrow: 1 }} />
      <CsvLink path={`${REPORTS_PATH}get-daily-sales-report/`} params={{ date }} />
      <Button
        variant="contained"
        startIcon={<UploadFileOutlined />}
        disabled={!location || !editable}
        onClick={() => setImporting(true)}
      >
        Import sales
      </Button>
    </Stack>
  );

  let body;
  if (figures.error && !figures.data) {
    body = (
      <LoadError
        title="The daily report could not be loaded"
        error={figures.error}
        onRetry={() => void figures.mutate()}
      />
    );
  } else if (!figures.data) {
    body = (
      <Box
        role="progressbar"
        aria-label="Loading the daily report"
        sx={{ display: 'grid', placeItems: 'center', py: 6 }}
      >
        <CircularProgress />
      </Box>
    );
  } else if (!location) {
    body = (
      <FigureTable
        label={`Sales on ${date} by location`}
        rows={figures.data.locations}
        rowKey={(l) => l.location}
        empty="No locations to report on."
        columns={[
          {
            label: 'Location',
            render: (l) => (
              <Link component="button" onClick={() => onChange({ location: l.location })}>
                {l.location_name}
              </Link>
            ),
          },
          { label: 'Status', render: (l) => (l.status ? STATUS_LABELS[l.status] : 'Not started') },
          { label: 'Sales', align: 'right', render: (l) => l.count },
          { label: 'Net', align: 'right', render: (l) => formatPeso(l.net_total) },
          { label: 'Variance', align: 'right', render: (l) => (l.variance === null ? '—' : formatPeso(l.variance)) },
        ]}
      />
    );
  } else {
    const amountColumns = (filter: 'payment_method' | 'bank' | 'salesperson') => [
      {
        label: filter === 'payment_method' ? 'Payment method' : filter === 'bank' ? 'Bank' : 'Salesperson',
        render: (a: Amount) => (
          <Link component={RouterLink} to={linesHref(date, location, a.key ? { [filter]: a.key } : {})}>
            {filter === 'payment_method' ? (PAYMENT_METHOD_LABELS[a.key] ?? a.name) : a.name}
          </Link>
        ),
      },
      { label: 'Sales', align: 'right' as const, render: (a: Amount) => a.count },
      { label: 'Total', align: 'right' as const, render: (a: Amount) => formatPeso(a.total) },
    ];
    const status = report?.status ?? null;
    body = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h6" component="h2">
            {locationName}, {date}
          </Typography>
          <Chip
            size="small"
            label={status ? STATUS_LABELS[status] : 'Not started'}
            color={status ? STATUS_COLORS[status] : 'default'}
          />
          <Link component={RouterLink} to={linesHref(date, location)}>
            See the sale lines
          </Link>
        </Stack>
        {status === 'approved' ? (
          <Alert severity="success">Approved: this day is locked. Imports and deletions for it are refused.</Alert>
        ) : null}
        {status === 'returned' ? <Alert severity="warning">Returned: {report?.return_reason}</Alert> : null}
        {status === 'submitted' ? <Alert severity="info">Submitted and waiting for approval.</Alert> : null}
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="Net sales" value={formatPeso(chosen?.net_total ?? '0.00')} />
          <Figure label="Sales" value={String(chosen?.count ?? 0)} />
          <Figure label="Discounts" value={formatPeso(chosen?.discount_total ?? '0.00')} />
          <Figure
            label="Cash on hand"
            value={chosen?.cash_on_hand === null || !chosen ? '—' : formatPeso(chosen.cash_on_hand)}
          />
          <Figure
            label="Variance"
            value={chosen?.variance === null || !chosen ? '—' : formatPeso(chosen.variance)}
            tone={varianceTone(chosen?.variance ?? null)}
          />
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
          }}
        >
          {(
            [
              ['By payment method', 'payment_method', chosen?.by_payment_method ?? []],
              ['By bank', 'bank', chosen?.by_bank ?? []],
              ['By salesperson', 'salesperson', chosen?.by_salesperson ?? []],
            ] as const
          ).map(([title, filter, rows]) => (
            <Card key={filter} variant="outlined">
              <CardContent>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {title}
                </Typography>
                <FigureTable
                  label={title}
                  rows={rows}
                  rowKey={(a) => `${a.key}-${a.name}`}
                  empty="No sales."
                  columns={amountColumns(filter)}
                />
              </CardContent>
            </Card>
          ))}
        </Box>
        {record.error && !record.data ? (
          <LoadError
            title="The report's status could not be loaded"
            error={record.error}
            onRetry={() => void record.mutate()}
          />
        ) : (
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="subtitle2" component="h3">
                  Cash count and approval
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    label="Cash on hand"
                    {...reportField(
                      'cash_on_hand',
                      cashOnHand,
                      setCashOnHand,
                      'Counted cash; the variance is this minus cash sales.',
                    )}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                  <TextField
                    label="Remarks"
                    {...reportField('remarks', remarks, setRemarks)}
                    multiline
                    sx={{ flexGrow: 1 }}
                  />
                </Stack>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {editable ? (
                    <>
                      <Button variant="outlined" disabled={busy} onClick={() => void act(save, 'Report saved.')}>
                        Save
                      </Button>
                      <Button
                        variant="contained"
                        disabled={busy}
                        onClick={() =>
                          void act(async () => submitDailyReport((await save()).id), 'Report submitted for approval.')
                        }
                      >
                        Submit
                      </Button>
                    </>
                  ) : null}
                  {report && status === 'submitted' ? (
                    <>
                      <Button
                        variant="contained"
                        color="success"
                        disabled={busy}
                        onClick={() => void act(() => approveDailyReport(report.id), 'Report approved.')}
                      >
                        Approve
                      </Button>
                      <Button variant="outlined" color="warning" disabled={busy} onClick={() => setReturning(true)}>
                        Return
                      </Button>
                    </>
                  ) : null}
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        )}
      </Stack>
    );
  }

  return (
    <>
      {toolbar}
      {body}
      {location && importing ? (
        <ImportSalesDialog
          open
          location={location}
          locationName={locationName}
          date={date}
          onClose={() => setImporting(false)}
          onStored={(result) => {
            setImporting(false);
            showSnackbar(`${result.stored} sales stored (${formatPeso(result.total)}).`, 'success');
            void revalidate();
          }}
        />
      ) : null}
      <Dialog
        open={returning}
        onClose={busy ? undefined : () => setReturning(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="return-report-title"
      >
        <DialogTitle id="return-report-title">Return the report</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={Boolean(reasonError)}
            helperText={reasonError || 'The submitter sees this and can correct the day.'}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReturning(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="warning"
            disabled={busy || !report}
            onClick={() => {
              if (!report) return;
              setBusy(true);
              setReasonError('');
              returnDailyReport(report.id, reason)
                .then(async () => {
                  setReturning(false);
                  setReason('');
                  showSnackbar('Report returned.', 'success');
                  await revalidate();
                })
                .catch((error: unknown) =>
                  setReasonError(toApiError(error).errors.reason?.join(' ') ?? getErrorMessage(error)),
                )
                .finally(() => setBusy(false));
            }}
          >
            Return
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
