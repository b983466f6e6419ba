import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TIME_SLOTS } from '@ginhawa/contract';

type TimeSlotSelectProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
};

/** A time on the 15-minute grid, 00:00–23:45 (SPEC.md §5). */
export const TimeSlotSelect = ({ label, name, value, onChange, required, disabled, error, helperText }: TimeSlotSelectProps) => (
  <TextField
    select
    label={label}
    name={name}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    required={required}
    disabled={disabled}
    error={error}
    helperText={helperText}
    slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
  >
    {TIME_SLOTS.map((slot) => (
      <MenuItem key={slot} value={slot}>
        {slot}
      </MenuItem>
    ))}
  </TextField>
);
