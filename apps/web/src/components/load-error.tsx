import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { getErrorMessage } from '../lib/api-client';
import { StatusMessage } from './status-message';

type LoadErrorProps = {
  /** "The bank accounts could not be loaded". */
  title: string;
  /** The failure, or its sentence already written (a live channel's); shown under the title (docs/product.md §8). */
  error: unknown;
  onRetry: () => void;
  /** A way out beside Try again, e.g. the client page's Back link. */
  secondaryAction?: ReactNode;
};

/** The one "could not be loaded" state: what failed, the server's sentence, and Try again. */
export const LoadError = ({ title, error, onRetry, secondaryAction }: LoadErrorProps) => (
  <StatusMessage
    tone="error"
    icon={<ErrorOutlineOutlined />}
    title={title}
    description={typeof error === 'string' ? error : getErrorMessage(error)}
    action={
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={onRetry}>
          Try again
        </Button>
        {secondaryAction}
      </Box>
    }
  />
);
