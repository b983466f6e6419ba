import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * A spinner where a panel's content will be, named for screen readers ("Loading the pay run"). The
 * name is on the spinner itself: it is the progressbar (a wrapper with the role left it unnamed,
 * axe's aria-progressbar-name, serious).
 */
export const LoadingBlock = ({ label }: { label: string }) => (
  <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
    <CircularProgress aria-label={label} />
  </Box>
);
