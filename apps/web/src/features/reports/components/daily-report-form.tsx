import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CASH_DENOMINATIONS,
  dailyReportPatchSchema,
  dailyReportSubmitSchema,
  type CashDenomination,
  type DailyReport,
} from '@ginhawa/contract';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ApiError } from '../../../lib/api-client';
import { formatPeso } from '../../../lib/format';
import { createDailyReport, submitDailyReport, updateDailyReport } from '../api/daily-reports';
import { useRevalidateReports } from '../api/reports-keys';

const COUNT_KEYS = [...CASH_DENOMINATIONS.map((d) => d.key), 'centavos'] as const;
const FIELDS = ['cash_on_hand', 'remarks', ...COUNT_KEYS] as const;
type Intent = 'save' | 'submit';
type Values = Record<(typeof FIELDS)[number], string>;

type DailyReportFormProps = {
  location: number;
  date: string;
  /** The day's report, or null when nobody has started it yet (saving starts it). */
  report: DailyReport | null;
  /**
   * The server refused the submit because the day is still open (its lines) for the saved draft
   * `id`: the parent asks the Manager, since saving remounts this form with the draft's version.
   */
  onStillOpen: (refusal: { id: number; open: string[] }) => void;
};

const whole = (v: string) => (v.trim() === '' ? 0 : Number(v.trim()));

/**
 * The count's total as the Manager types it, in whole centavos (integers, so exact): a preview
 * only; the server computes the stored total in SQL (decision 0523). Null while a box is not a count.
 */
const previewTotal = (values: Values): string | null => {
  let centavos = 0;
  for (const d of CASH_DENOMINATIONS) {
    const n = whole(values[d.key]);
    if (!Number.isInteger(n) || n < 0) return null;
    centavos += n * d.value * 100;
  }
  const coins = values.centavos.trim();
  if (coins !== '') {
    const match = /^0?(?:\.(\d{1,2}))?$/.exec(coins);
    if (!match) return null;
    centavos += Number((match[1] ?? '0').padEnd(2, '0'));
  }
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
};

/**
 * The cash count and remarks of one location's day, on the one form path (useEntityForm): Save
 * keeps a draft, Submit saves and asks for approval in one click. The cash is one total, or counted
 * note by note (decision 0523). Submitting today before closing, or with bookings to come, asks
 * first, listing what is still open (decision 0521). Editable while the report is new, a draft or
 * returned; render it with a `key` of the report's version so a change elsewhere (another tab, a
 * decision) starts it from the stored values.
 */
export const DailyReportForm = ({ location, date, report, onStillOpen }: DailyReportFormProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  const intent = useRef<Intent>('save');
  const [byNote, setByNote] = useState(report?.cash_count != null);
  const asked = useRef(false);
  const editable = !report || report.status === 'draft' || report.status === 'returned';

  const form = useEntityForm({
    money: ['cash_on_hand'],
    draft: editable ? `daily-report:${location}:${date}` : undefined,
    initialValues: (): Values => ({
      cash_on_hand: report?.cash_on_hand ?? '',
      remarks: report?.remarks ?? '',
      ...(Object.fromEntries(
        CASH_DENOMINATIONS.map((d) => [d.key, report?.cash_count ? String(report.cash_count[d.key]) : '']),
      ) as Record<CashDenomination, string>),
      centavos: report?.cash_count && report.cash_count.centavos !== '0.00' ? report.cash_count.centavos : '',
    }),
    fields: FIELDS,
    // Submit checks the cash count before anything is sent: a refusal after the draft is started would
    // come back with a new report, whose form starts afresh without the message.
    parse: (values) => {
      if (byNote)
        return dailyReportPatchSchema.safeParse({
          cash_count: {
            ...Object.fromEntries(CASH_DENOMINATIONS.map((d) => [d.key, whole(values[d.key])])),
            centavos: values.centavos.trim() === '' ? '0' : values.centavos.trim(),
          },
          remarks: values.remarks,
        });
      return (intent.current === 'submit' ? dailyReportSubmitSchema : dailyReportPatchSchema).safeParse({
        cash_on_hand: values.cash_on_hand.trim() === '' ? null : values.cash_on_hand,
        remarks: values.remarks,
      });
    },
    save: async (body) => {
      asked.current = false;
      const saved = report
        ? await updateDailyReport(report.id, body)
        : await createDailyReport({
            location,
            date,
            cash_on_hand: body.cash_on_hand ?? null,
            ...(body.cash_count ? { cash_count: body.cash_count } : {}),
            remarks: body.remarks ?? '',
          });
      if (intent.current === 'save') return saved;
      try {
        return await submitDailyReport(saved.id);
      } catch (error) {
        // Saved but not submitted (e.g. no cash count): read it again, so the next try updates that draft.
        void revalidate();
        const open = error instanceof ApiError && error.status === 409 ? error.errors.close_early : undefined;
        if (!open?.length) throw error;
        // The day is still open: the draft is saved; the Manager is asked before it is closed early.
        asked.current = true;
        onStillOpen({ id: saved.id, open });
        return saved;
      }
    },
    onSaved: async () => {
      if (!asked.current)
        showSnackbar(intent.current === 'submit' ? 'Report submitted for approval.' : 'Report saved.', 'success');
      await revalidate();
    },
  });

  const act = (next: Intent) => {
    intent.current = next;
    if (!form.submitting) void form.submit();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    act('submit');
  };
  const locked = !editable || form.submitting;
  const total = byNote ? previewTotal(form.values) : null;

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Cash count">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="h3">
            Cash count
          </Typography>
          <FormControlLabel
            control={<Switch checked={byNote} onChange={(e) => setByNote(e.target.checked)} disabled={locked} />}
            label="Count by note and coin"
          />
        </Stack>
        {form.errors.form ? <Alert severity="error">{form.errors.form}</Alert> : null}
        {byNote ? (
          <Box
            role="group"
            aria-label="Notes and coins"
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            {CASH_DENOMINATIONS.map((d) => (
              <TextField
                key={d.key}
                label={d.label}
                size="small"
                {...form.bind(d.key)}
                disabled={locked}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            ))}
            <TextField
              label="Centavos (amount)"
              size="small"
              {...form.bind('centavos')}
              disabled={locked}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {byNote ? (
            <Box role="group" aria-label="Counted" sx={{ minWidth: 160 }}>
              <Typography variant="caption" color="textSecondary">
                Counted
              </Typography>
              <Typography variant="h6" component="p">
                {total === null ? '—' : formatPeso(total)}
              </Typography>
            </Box>
          ) : (
            <TextField
              label="Cash on hand"
              size="small"
              {...form.bind(
                'cash_on_hand',
                'Counted cash; the variance is this minus the cash expected (cash sales and service charges, and cash deposits received).',
              )}
              disabled={locked}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          )}
          <TextField
            label="Remarks"
            size="small"
            multiline
            {...form.bind('remarks')}
            disabled={locked}
            sx={{ flexGrow: 1 }}
          />
        </Stack>
        {editable ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" disabled={form.submitting} onClick={() => act('save')}>
              Save
            </Button>
            <Button type="submit" variant="contained" disabled={form.submitting}>
              Submit
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </form>
  );
};
