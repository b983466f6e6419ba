import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { BoundField } from '../../../components/form/use-entity-form';
import { TimeSlotSelect } from '../../../components/time-slot-select';
import { hintUnlessEmpty, useEmployeeOptions, useTreatmentOptions } from '../../../lib/options';
import { EMPTY_SHOWN } from './floor-time';
import { DateField } from '../../../components/date-field';

/** A booking's day and time on the 15-minute grid (booking and moving); the times listed start at `from`. */
export const WhenFields = ({ date, time, from }: { date: BoundField; time: BoundField; from?: string }) => (
  <>
    <DateField label="Date" required {...date} />
    <TimeSlotSelect label="Time" required from={from} {...time} />
  </>
);

/** Active treatments by name (assign next, booking); with none yet, where they are added. */
export const TreatmentSelect = (field: Pick<BoundField, 'value' | 'onChange'> & Partial<BoundField>) => {
  const treatments = useTreatmentOptions();
  const helperText = field.error ? field.helperText : hintUnlessEmpty(treatments.data, 'treatments', field.helperText);
  return (
    <TextField select label="Treatment" required {...field} helperText={helperText}>
      {(treatments.data?.results ?? []).map((t) => (
        <MenuItem key={t.id} value={String(t.id)}>
          {t.name}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The branch's therapists, or "Any therapist" (the rotation gives one at arrival). */
export const TherapistSelect = ({ location, field }: { location: number; field: BoundField }) => {
  const therapists = useEmployeeOptions('therapist', location);
  return (
    <TextField select label="Therapist" slotProps={EMPTY_SHOWN} {...field}>
      <MenuItem value="">Any therapist</MenuItem>
      {(therapists.data?.results ?? []).map((t) => (
        <MenuItem key={t.id} value={String(t.id)}>
          {t.full_name}
        </MenuItem>
      ))}
    </TextField>
  );
};
