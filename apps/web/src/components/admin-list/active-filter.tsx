import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export type ActiveFilter = 'all' | 'active' | 'inactive';

export const activeParam = (filter: ActiveFilter): boolean | undefined => (filter === 'all' ? undefined : filter === 'active');

/** Active / inactive / all, for lists of things that are retired by deactivating. */
export const ActiveFilterSelect = ({ value, onChange }: { value: ActiveFilter; onChange: (value: ActiveFilter) => void }) => (
  <TextField select size="small" fullWidth={false} label="Status" value={value} onChange={(e) => onChange(e.target.value as ActiveFilter)} sx={{ minWidth: 130 }}>
    <MenuItem value="all">All</MenuItem>
    <MenuItem value="active">Active</MenuItem>
    <MenuItem value="inactive">Inactive</MenuItem>
  </TextField>
);
