import { useRef, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dailyReportPatchSchema, dailyReportSubmitSchema, type DailyReport } from '@ginhawa/contract';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { useSnackbar } from '../../../components/snackbar-provider';
import { createDailyReport, submitDailyReport, updateDailyReport } from '../api/daily-reports';
import { useRevalidateReports } from '../api/reports-keys';

const FIELDS = ['cash_on_hand', 'remarks'] as const;
type Intent = 'save' | 'submit';

type DailyReportFormProps = {
  location: number;
  date: string;
  /** The day's report, or null when nobody has started it yet (saving starts it). */
  report: DailyReport | null;
};

/**
 * The cash count and remarks of one location's day, on the one form path (useEntityForm): Save
 * keeps a draft, Submit saves and asks for approval in one click. Editable while the report is
 * new, a draft or returned; render it with a `key` of the report's version so a change elsewhere
 * (another tab, a decision) starts it from the stored values.
 */
export const DailyReportForm = ({ location, date, report }: DailyReportFormProps) => {
  const { showSnackbar } = useSnackbar();
  const revalidate = useRevalidateReports();
  const intent = useRef<Intent>('save');
  const editable = !report || report.status === 'draft' || report.status === 'returned';

  const form = useEntityForm({
    money: ['cash_on_hand'],
    draft: editable ? `daily-report:${location}:${date}` : undefined,
    initialValues: () => ({ cash_on_hand: report?.cash_on_hand ?? '', remarks: report?.remarks ?? '' }),
    fields: FIELDS,
    // Submit checks the cash count before anything is sent: a refusal after the draft is started would
    // come back with a new report, whose form starts afresh without the message.
    parse: (values) =>
      (intent.current === 'submit' ? dailyReportSubmitSchema : dailyReportPatchSchema).safeParse({
        cash_on_hand: values.cash_on_hand.trim() === '' ? null : values.cash_on_hand,
        remarks: values.remarks,
      }),
    save: async (body) => {
      const saved = report
        ? await updateDailyReport(report.id, body)
        : await createDailyReport({
            location,
            date,
            cash_on_hand: body.cash_on_hand ?? null,
            remarks: body.remarks ?? '',
          });
      if (intent.current === 'save') return saved;
      try {
        return await submitDailyReport(saved.id);
      } catch (error) {
        // Saved but not submitted (e.g. no cash count): read it again, so the next try updates that draft.
        void revalidate();
        throw error;
      }
    },
    onSaved: async () => {
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

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Cash count">
      <Stack spacing={2}>
        <Typography variant="subtitle2" component="h3">
          Cash count
        </Typography>
        {form.errors.form ? <Alert severity="error">{form.errors.form}</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Cash on hand"
            size="small"
            {...form.bind(
              'cash_on_hand',
              'Counted cash; the variance is this minus the cash expected (cash sales and their service charges).',
            )}
            disabled={locked}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
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
