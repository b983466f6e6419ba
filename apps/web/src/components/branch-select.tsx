import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A report's branch: one of `locations`, or all of them (empty). Shown only where there is a
 * choice: to an Admin, who reads every branch at once ("All branches"), or to a Manager of more
 * than one branch ("All my branches"); a Manager of one branch reads that branch.
 */
export const BranchSelect = ({
  locations,
  admin,
  value,
  onChange,
  sx,
}: {
  locations: readonly { id: number; name: string }[];
  admin: boolean;
  value: number | null;
  onChange: (location: number | null) => void;
  sx?: SxProps<Theme>;
}) =>
  locations.length > 1 || admin ? (
    <TextField
      select
      fullWidth={false}
      size="small"
      label="Branch"
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      sx={sx}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{admin ? 'All branches' : 'All my branches'}</MenuItem>
      {locations.map((l) => (
        <MenuItem key={l.id} value={String(l.id)}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  ) : null;
