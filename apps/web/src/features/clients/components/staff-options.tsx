import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { StaffChoice } from './therapist-shift';

/**
 * A staff select's options: each person with their note ("Ana Cruz · On a break"), under a heading
 * where the list is grouped, and disabled where they cannot be chosen. Returned as an array, as
 * MUI's Select reads its options from its direct children.
 */
export const staffMenuItems = (people: readonly StaffChoice[]) =>
  people.flatMap((person, i) => [
    ...(person.group && person.group !== people[i - 1]?.group
      ? [<ListSubheader key={`group-${person.group}`}>{person.group}</ListSubheader>]
      : []),
    <MenuItem key={person.id} value={String(person.id)} disabled={person.disabled}>
      {person.note ? `${person.full_name} · ${person.note}` : person.full_name}
    </MenuItem>,
  ]);

/**
 * The chosen person's name alone in the closed field: their note ("· Not clocked in") is the menu's
 * and the hint's, and beside the name it cut the name short in a field of the card at 1280 px.
 */
export const staffSelectSlots = (people: readonly StaffChoice[]) => ({
  select: { renderValue: (value: unknown) => people.find((p) => String(p.id) === value)?.full_name ?? '' },
});
