import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A spinner where a panel's content will be, named for screen readers ("Loading the pay run"). */
export const LoadingBlock = ({ label }: { label: string }) => (
  <Box role="progressbar" aria-label={label} sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
    <CircularProgress />
  </Box>
);
