import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The submit button of a form on a page (change password, the tax profile), at its own width under
 * the fields; while the form saves it is disabled and shows a spinner named "Saving".
 */
export const SubmitButton = ({ submitting, children }: { submitting: boolean; children: ReactNode }) => (
  <Box>
    <Button
      type="submit"
      variant="contained"
      disabled={submitting}
      startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : null}
    >
      {children}
    </Button>
  </Box>
);
