import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { BoundField } from '../../../components/form/use-entity-form';
import { listedValue } from '../../../lib/options';
import { staffMenuItems, staffSelectSlots } from './staff-options';
import type { StaffChoice } from './therapist-shift';

type LocationStaffFieldsProps = {
  location: BoundField;
  locations: readonly { id: number; name: string }[];
  /** "Therapist" for an arrival, "Salesperson" for a sale. */
  staffLabel: string;
  staff: BoundField;
  /** With a note and disabled where the location's board says so (the arrival card's therapists). */
  people: readonly StaffChoice[];
};

/** Where and by whom, side by side: the location, then the active employees who work there. */
export const LocationStaffFields = ({ location, locations, staffLabel, staff, people }: LocationStaffFieldsProps) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
    <TextField select label="Location" required {...listedValue(location, locations)}>
      {locations.map((l) => (
        <MenuItem key={l.id} value={String(l.id)}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
    <TextField select label={staffLabel} required {...listedValue(staff, people)} slotProps={staffSelectSlots(people)}>
      {staffMenuItems(people)}
    </TextField>
  </Stack>
);
