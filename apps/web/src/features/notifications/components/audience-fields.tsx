import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AdminUser, Location } from '@ginhawa/contract';
import { useLocationOptions } from '../../../lib/options';
import { useGroupOptions, usePeopleOptions } from '../api/announcements';

type Person = Pick<AdminUser, 'id' | 'username' | 'first_name' | 'last_name'>;
const personLabel = (p: Person) => [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username;

/** Who an announcement goes to, as chosen (records, so the chips show names). */
export type AudienceValues = { people: Person[]; groups: string[]; places: Location[] };

type AudienceFieldsProps = {
  values: AudienceValues;
  onChange: <K extends keyof AudienceValues>(field: K, value: AudienceValues[K]) => void;
  /** The contract's field names: `users`, `groups`, `locations`. */
  errors: Partial<Record<'users' | 'groups' | 'locations', string>>;
  /** Options are read only while the composer is open. */
  open: boolean;
};

/** People (searched on the server as you type), groups and locations; none chosen means all active staff. */
export const AudienceFields = ({ values, onChange, errors, open }: AudienceFieldsProps) => {
  const [search, setSearch] = useState('');
  const groupOptions = useGroupOptions(open);
  const peopleOptions = usePeopleOptions(search, open);
  const locationOptions = useLocationOptions({ activeOnly: true });
  return (
    <>
      <Autocomplete
        multiple
        options={peopleOptions.data?.results ?? []}
        value={values.people}
        onChange={(_, value) => onChange('people', value)}
        onInputChange={(_, value, reason) => reason === 'input' && setSearch(value)}
        filterOptions={(x) => x}
        getOptionLabel={personLabel}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={peopleOptions.isLoading}
        renderInput={(params) => (
          <TextField
            {...params}
            label="People"
            error={Boolean(errors.users)}
            helperText={errors.users ?? 'Type a name to find someone.'}
          />
        )}
      />
      <Autocomplete
        multiple
        options={(groupOptions.data ?? []).map((g) => g.name)}
        value={values.groups}
        onChange={(_, value) => onChange('groups', value)}
        renderInput={(params) => (
          <TextField {...params} label="Groups" error={Boolean(errors.groups)} helperText={errors.groups} />
        )}
      />
      <Autocomplete
        multiple
        options={locationOptions.data?.results ?? []}
        value={values.places}
        onChange={(_, value) => onChange('places', value)}
        getOptionLabel={(l) => l.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Locations"
            error={Boolean(errors.locations)}
            helperText={errors.locations ?? 'Everyone working at these locations.'}
          />
        )}
      />
    </>
  );
};
