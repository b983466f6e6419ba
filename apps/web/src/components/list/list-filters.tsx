import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export type FilterOption = { value: string; label: string };

/** One select above a list; its value goes to the query parameter `name` ('' leaves it out). */
export type ListFilter<K extends string = string> = {
  name: K;
  label: string;
  /** The "no filter" choice. */
  allLabel: string;
  options: readonly FilterOption[];
  /** Where the filter starts; '' (everything) unless given. */
  initial?: string;
  minWidth?: number;
};

/** Active / inactive / all, for lists of things that are retired by deactivating. */
export const statusFilter = (initial: '' | 'true' | 'false' = ''): ListFilter<'is_active'> => ({
  name: 'is_active',
  label: 'Status',
  allLabel: 'All',
  options: [
    { value: 'true', label: 'Active' },
    { value: 'false', label: 'Inactive' },
  ],
  initial,
  minWidth: 130,
});

/** Options from rows that have an id and a name (locations, categories). */
export const namedOptions = (rows: readonly { id: number; name: string }[] | undefined): FilterOption[] =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

/** Rows of one location, for lists of people and clients; narrows the list to one branch. */
export const locationFilter = (rows: readonly { id: number; name: string }[] | undefined): ListFilter<'location'> => ({
  name: 'location',
  label: 'Location',
  allLabel: 'All locations',
  options: namedOptions(rows),
  minWidth: 180,
});

/** Rows of one catalogue category (treatments, memberships). */
export const categoryFilter = (rows: readonly { id: number; name: string }[] | undefined): ListFilter<'category'> => ({
  name: 'category',
  label: 'Category',
  allLabel: 'All categories',
  options: namedOptions(rows),
});

/** An id filter's value as the default of a new row's field: the chosen id, or null while it shows all. */
export const filteredId = (value: string | undefined): number | null => (value ? Number(value) : null);

export const FilterSelect = ({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter;
  value: string;
  onChange: (value: string) => void;
}) => (
  <TextField
    select
    size="small"
    fullWidth={false}
    label={filter.label}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    sx={{ minWidth: filter.minWidth ?? 170 }}
  >
    <MenuItem value="">{filter.allLabel}</MenuItem>
    {filter.options.map((option) => (
      <MenuItem key={option.value} value={option.value}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);
