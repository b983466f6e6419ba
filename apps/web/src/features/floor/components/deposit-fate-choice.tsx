import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReservationCancelInput } from '@ginhawa/contract';

/** What becomes of a held deposit the visit does not use (decision 0900). */
export type DepositFate = ReservationCancelInput['deposit'];

/** One wording per fate, wherever the desk decides it (a cancellation, an arrival with nothing to pay). */
const FATE_LABELS: Record<DepositFate, string> = {
  refunded: 'Refund it to the client',
  credited: 'Credit it to a later visit',
  forfeited: 'Keep it (forfeited)',
};

type DepositFateChoiceProps<F extends DepositFate> = {
  label: string;
  /** The fates this step allows, in the order offered (an arrival cannot forfeit: the client came). */
  fates: readonly F[];
  value: F;
  onChange: (value: F) => void;
  error?: string;
  sx?: SxProps<Theme>;
};

/** The desk's choice of what becomes of a held deposit: refunded, credited or kept. */
export const DepositFateChoice = <F extends DepositFate>({
  label,
  fates,
  value,
  onChange,
  error,
  sx,
}: DepositFateChoiceProps<F>) => {
  const labelId = useId();
  return (
    <FormControl error={Boolean(error)} sx={sx}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(fates.find((f) => f === event.target.value) ?? value)}
      >
        {fates.map((fate) => (
          <FormControlLabel key={fate} value={fate} control={<Radio />} label={FATE_LABELS[fate]} />
        ))}
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
};
