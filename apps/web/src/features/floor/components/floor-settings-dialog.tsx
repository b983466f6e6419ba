import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { floorSettingsBodySchema, type FloorSettings, type NoShowDepositRule } from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { ResponsiveDialog } from '../../../components/form/responsive-dialog';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { LoadError } from '../../../components/load-error';
import { LoadingBlock } from '../../../components/loading-block';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useRevalidateFloor } from '../api/get-board';
import { saveFloorSettings, useFloorSettings } from '../api/settings';

const FIELDS = ['grace_minutes', 'no_show_deposit'] as const;

const DEPOSIT_CHOICES: { value: NoShowDepositRule; label: string; hint: string }[] = [
  { value: 'forfeit', label: 'Forfeited', hint: 'the spa keeps it' },
  { value: 'credit', label: 'Credited', hint: 'the client uses it on a later visit' },
];

type Values = { grace_minutes: string; no_show_deposit: NoShowDepositRule };

type DialogProps = { location: number; locationName: string; onClose: () => void };

/** The form, once the branch's current settings are read (its starting values are those). */
const SettingsForm = ({
  settings,
  locationName,
  onClose,
}: Omit<DialogProps, 'location'> & { settings: FloorSettings }) => {
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  const form = useEntityForm({
    initialValues: (): Values => ({
      grace_minutes: String(settings.grace_minutes),
      no_show_deposit: settings.no_show_deposit,
    }),
    fields: FIELDS,
    parse: (v) =>
      floorSettingsBodySchema.safeParse({
        location: settings.location,
        // Blank is not 0: the schema's "whole number" message says what is missing.
        grace_minutes: v.grace_minutes.trim() === '' ? Number.NaN : Number(v.grace_minutes),
        no_show_deposit: v.no_show_deposit,
      }),
    save: saveFloorSettings,
    onSaved: async () => {
      showSnackbar(`Floor settings of ${locationName} saved.`, 'success');
      await revalidate();
      onClose();
    },
  });
  return (
    <FormDialog {...form.dialog} title={`Floor settings, ${locationName}`} submitLabel="Save" onClose={onClose}>
      <TextField
        label="No-show grace period"
        required
        {...form.bind('grace_minutes', 'How long after the booked time the desk may mark a client a no-show (0–240).')}
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">minutes</InputAdornment> },
        }}
      />
      <FormControl error={Boolean(form.errors.no_show_deposit)} disabled={form.submitting}>
        <FormLabel id="no-show-deposit-label">A no-show’s deposit is</FormLabel>
        <RadioGroup
          aria-labelledby="no-show-deposit-label"
          name="no_show_deposit"
          value={form.values.no_show_deposit}
          onChange={(e) => form.set('no_show_deposit', e.target.value as NoShowDepositRule)}
        >
          {DEPOSIT_CHOICES.map((c) => (
            <FormControlLabel key={c.value} value={c.value} control={<Radio />} label={`${c.label}: ${c.hint}`} />
          ))}
        </RadioGroup>
        <FormHelperText>
          {form.errors.no_show_deposit ?? 'A cancellation is the desk’s choice each time; this is for no-shows.'}
        </FormHelperText>
      </FormControl>
    </FormDialog>
  );
};

/**
 * A branch's floor settings (Managers of the branch, Admins; the server refuses anyone else): the
 * no-show grace period and what a no-show's deposit becomes (docs/decisions/0903).
 */
export const FloorSettingsDialog = ({ location, locationName, onClose }: DialogProps) => {
  const settings = useFloorSettings(location);
  if (settings.data) return <SettingsForm settings={settings.data} locationName={locationName} onClose={onClose} />;
  return (
    <ResponsiveDialog onClose={onClose} labelledBy="floor-settings-title">
      <DialogTitle id="floor-settings-title">{`Floor settings, ${locationName}`}</DialogTitle>
      <DialogContent dividers>
        {settings.error ? (
          <LoadError
            title="The floor settings could not be loaded"
            error={settings.error}
            onRetry={() => void settings.mutate()}
          />
        ) : (
          <LoadingBlock label="Loading the floor settings" />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </ResponsiveDialog>
  );
};
