import { DateField as Field } from '../../../components/date-field';

type DateFieldProps = {
  value: string;
  /** The picked day as YYYY-MM-DD, or '' when the field is cleared. */
  onChange: (value: string) => void;
};

/** The compact "Date" field of the report toolbars (the panel's en-PH date field, docs/decisions/0640). */
export const DateField = ({ value, onChange }: DateFieldProps) => (
  <Field fullWidth={false} size="small" label="Date" value={value} onChange={(e) => onChange(e.target.value)} />
);
