import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@ginhawa/contract';

export const errorMessageOf = (error: unknown): string => {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return detail ? `${error.status} ${detail}` : String(error.status);
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return MESSAGES.unexpected;
};

/** The route error boundary: 'Unexpected Application Error!' with the message (docs/product.md §2, §8). */
export const RouteError = () => {
  const error = useRouteError();
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560, width: '100%', borderRadius: 3 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 1.5, color: 'error.main' }}>
          {MESSAGES.routeError}
        </Typography>
        <Typography
          component="pre"
          sx={{
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            fontFamily: 'inherit',
            color: 'text.secondary',
            mb: 3,
          }}
        >
          {errorMessageOf(error)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <Button variant="text" href="/dashboard">
            Go to the dashboard
          </Button>
        </Box>
      </Paper>
    </Box>
  );
};
