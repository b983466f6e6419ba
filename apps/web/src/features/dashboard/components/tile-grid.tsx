import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The tiles' grid: one column at 390 px, two from md up. */
export const TileGrid = ({ children }: { children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gap: 2,
      gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      alignItems: 'start',
    }}
  >
    {children}
  </Box>
);
