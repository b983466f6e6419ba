import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { BoundField } from '../../../components/form/use-entity-form';
import { listedValue } from '../../../lib/options';
import { staffMenuItems, staffSelectSlots } from './staff-options';
import type { StaffChoice } from './therapist-shift';

type TandemFieldsProps = {
  /** The tandem's second therapist, '' for none. */
  second: BoundField;
  requested: { checked: boolean; onChange: (on: boolean) => void; disabled: boolean };
  /** The location's other therapists (not the first one). */
  therapists: readonly StaffChoice[];
};

/**
 * What pay runs need to know about who served (docs/api.md "Pay runs"): whether the client asked
 * for this therapist (a requested bonus may pay extra), and a second therapist for a tandem
 * service, who shares its commission equally.
 */
export const TandemFields = ({ second, requested, therapists }: TandemFieldsProps) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
    <TextField
      select
      label="Second therapist (tandem)"
      {...listedValue(second, therapists)}
      slotProps={staffSelectSlots(therapists)}
    >
      <MenuItem value="">None</MenuItem>
      {staffMenuItems(therapists)}
    </TextField>
    <FormControlLabel
      sx={{ width: '100%', mt: { sm: 1 } }}
      control={
        <Checkbox
          checked={requested.checked}
          disabled={requested.disabled}
          onChange={(e) => requested.onChange(e.target.checked)}
        />
      }
      label="The client asked for this therapist"
    />
  </Stack>
);
