import Chip from '@mui/material/Chip';

export const StatusChip = ({ active }: { active: boolean }) => (
  <Chip
    size="small"
    label={active ? 'Active' : 'Inactive'}
    color={active ? 'success' : 'default'}
    variant={active ? 'filled' : 'outlined'}
  />
);

/** Something staff should notice about an active row, in its status's place ("Password not chosen"). */
export const NoteChip = ({ label }: { label: string }) => (
  <Chip size="small" color="warning" variant="outlined" label={label} />
);
