import Chip from '@mui/material/Chip';

export const StatusChip = ({ active }: { active: boolean }) => (
  <Chip
    size="small"
    label={active ? 'Active' : 'Inactive'}
    color={active ? 'success' : 'default'}
    variant={active ? 'filled' : 'outlined'}
  />
);
