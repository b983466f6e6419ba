import TextField from '@mui/material/TextField';

type DateFieldProps = {
  value: string;
  /** The picked day as YYYY-MM-DD, or '' when the field is cleared. */
  onChange: (value: string) => void;
};

/** The compact "Date" picker of the report toolbars; the label stays up because the browser always draws a date. */
export const DateField = ({ value, onChange }: DateFieldProps) => (
  <TextField
    fullWidth={false}
    size="small"
    type="date"
    label="Date"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    slotProps={{ inputLabel: { shrink: true } }}
  />
);
