import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { BoundField } from './form/use-entity-form';
import { hintUnlessEmpty } from '../lib/options';

type Place = { id: number; name: string };

/**
 * A form's required branch: one of the active locations (`useLocationOptions({ activeOnly: true })`),
 * bound with `form.bind('location')`. Under it, the field's own message, else why there is nothing
 * to choose (the list failed to load, or there are no locations yet). `kept` is the branch the row
 * stands in now, still offered when it is no longer active. Labelled "Branch" unless `label` says
 * otherwise (an employee's "Location").
 */
export const LocationField = ({
  field,
  locations,
  kept,
  label = 'Branch',
}: {
  field: BoundField;
  locations: { data?: { count: number; results: readonly Place[] }; error?: unknown };
  kept?: Place | null;
  label?: string;
}) => (
  <TextField
    select
    label={label}
    required
    {...field}
    helperText={
      field.helperText ??
      (locations.error ? 'The locations could not be loaded.' : hintUnlessEmpty(locations.data, 'locations'))
    }
    error={field.error || Boolean(locations.error)}
  >
    {(locations.data?.results ?? []).map((l) => (
      <MenuItem key={l.id} value={String(l.id)}>
        {l.name}
      </MenuItem>
    ))}
    {kept && !locations.data?.results.some((l) => l.id === kept.id) ? (
      <MenuItem value={String(kept.id)}>{kept.name}</MenuItem>
    ) : null}
  </TextField>
);
