import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TIME_SLOTS } from '@ginhawa/contract';
import type { BoundField } from './form/use-entity-form';

type TimeSlotSelectProps = BoundField & { label: string; required?: boolean };

/** A time on the 15-minute grid, 00:00–23:45 (docs/product.md §5); takes `form.bind(…)` like a text field. */
export const TimeSlotSelect = (props: TimeSlotSelectProps) => (
  <TextField
    select
    {...props}
    slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
  >
    {TIME_SLOTS.map((slot) => (
      <MenuItem key={slot} value={slot}>
        {slot}
      </MenuItem>
    ))}
  </TextField>
);
