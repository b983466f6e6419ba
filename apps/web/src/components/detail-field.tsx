import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A read-only label over its value, for profile grids; a missing value shows a dash. Long emails
 * and addresses break anywhere (and the cell may shrink) so a phone-width grid never scrolls sideways.
 */
export const DetailField = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="textSecondary" component="p">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ mt: 0.25, overflowWrap: 'anywhere' }}>
      {value || '—'}
    </Typography>
  </Box>
);
