import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { payRunBodySchema, periodContaining, todayInManila, type PayRunDetail } from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { CUTOFF_LABELS, MONTH_NAMES, recentYears } from '../../../lib/period';
import { computeRun } from '../api/runs';

const FIELDS = ['location', 'year', 'month', 'cutoff'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

type NewRunDialogProps = {
  locations: readonly { id: number; name: string }[];
  /** The branch chosen in the list, else the only one offered. */
  location: number | null;
  onClose: () => void;
  onComputed: (run: PayRunDetail) => void;
};

/**
 * Compute a branch's draft for a cutoff (the current one unless changed). Computing a cutoff that
 * already has a draft computes that draft again; an approved one is refused by the server's 409.
 */
export const NewRunDialog = ({ locations, location, onClose, onComputed }: NewRunDialogProps) => {
  const period = periodContaining(todayInManila());
  const form = useEntityForm({
    initialValues: (): Values => ({
      location: String(location ?? (locations.length === 1 ? locations[0]!.id : '')),
      year: String(period.year),
      month: String(period.month),
      cutoff: String(period.cutoff),
    }),
    fields: FIELDS,
    parse: (v) =>
      payRunBodySchema.safeParse({
        location: v.location ? Number(v.location) : undefined,
        year: v.year,
        month: v.month,
        cutoff: v.cutoff,
      }),
    save: computeRun,
    onSaved: onComputed,
  });
  return (
    <FormDialog {...form.dialog} title="Compute a pay run" submitLabel="Compute draft" onClose={onClose}>
      <TextField select label="Branch" required {...form.bind('location')}>
        {locations.map((l) => (
          <MenuItem key={l.id} value={String(l.id)}>
            {l.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Month" required {...form.bind('month')}>
          {MONTH_NAMES.map((name, i) => (
            <MenuItem key={name} value={String(i + 1)}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label="Year" required {...form.bind('year')}>
          {recentYears().map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField
        select
        label="Cutoff"
        required
        {...form.bind('cutoff', 'Paid twice a month: the 1st to the 15th, and the 16th to the month’s end.')}
      >
        {[1, 2].map((c) => (
          <MenuItem key={c} value={String(c)}>
            {CUTOFF_LABELS[c]}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
};
