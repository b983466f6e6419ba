import Button from '@mui/material/Button';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { getErrorMessage } from '../lib/api-client';
import { StatusMessage } from './status-message';

type LoadErrorProps = {
  /** "The bank accounts could not be loaded". */
  title: string;
  /** The failure; its sentence (docs/product.md §8) is shown under the title. */
  error: unknown;
  onRetry: () => void;
};

/** The one "could not be loaded" state: what failed, the server's sentence, and Try again. */
export const LoadError = ({ title, error, onRetry }: LoadErrorProps) => (
  <StatusMessage
    tone="error"
    icon={<ErrorOutlineOutlined />}
    title={title}
    description={getErrorMessage(error)}
    action={
      <Button variant="outlined" onClick={onRetry}>
        Try again
      </Button>
    }
  />
);
