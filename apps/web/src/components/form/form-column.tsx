import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A form on a page rather than in a dialog (sign-in, change password): its fields in one column,
 * named for assistive technology; the browser's own checks are off because the form shows its own.
 */
export const FormColumn = ({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) => (
  <Box
    component="form"
    noValidate
    onSubmit={onSubmit}
    aria-label={label}
    sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
  >
    {children}
  </Box>
);
