import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ArrivalOption } from './arrival-options';

/** What the client uses: each voucher and membership with why it cannot be used, in neutral text. */
export const UseField = ({
  options,
  value,
  onChange,
  disabled,
  error,
}: {
  options: readonly ArrivalOption[];
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error: string | undefined;
}) => (
  <FormControl error={Boolean(error)}>
    <FormLabel id="arrival-use-label">What the client uses</FormLabel>
    <RadioGroup aria-labelledby="arrival-use-label" value={value} onChange={(e) => onChange(e.target.value)}>
      {options.map((option) => (
        <FormControlLabel
          key={option.value}
          value={option.value}
          disabled={Boolean(option.blocked) || disabled}
          control={<Radio />}
          sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
          label={
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {option.label}
              </Typography>
              {/* Why it does not fit is information, not a fault: neutral text, never red (issue 34). */}
              <Typography variant="caption" color="textSecondary" component="p">
                {option.blocked ?? option.detail}
              </Typography>
            </>
          }
        />
      ))}
    </RadioGroup>
    {error ? <Alert severity="error">{error}</Alert> : null}
  </FormControl>
);
