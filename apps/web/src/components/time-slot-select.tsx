import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TIME_SLOTS } from '@ginhawa/contract';
import type { BoundField } from './form/use-entity-form';

type TimeSlotSelectProps = BoundField & {
  label: string;
  required?: boolean;
  /** The first slot listed ("10:00": a branch's opening, or now); 00:00 without it. */
  from?: string;
};

/**
 * A time on the 15-minute grid, 00:00–23:45 (docs/product.md §5), or from `from` on; takes
 * `form.bind(…)` like a text field. A value already chosen before `from` stays listed.
 */
export const TimeSlotSelect = ({ from, ...props }: TimeSlotSelectProps) => (
  <TextField
    select
    {...props}
    slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
  >
    {TIME_SLOTS.filter((slot) => from === undefined || slot >= from || slot === props.value).map((slot) => (
      <MenuItem key={slot} value={slot}>
        {slot}
      </MenuItem>
    ))}
  </TextField>
);
