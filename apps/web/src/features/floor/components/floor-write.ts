import { useState } from 'react';
import { useSnackbar } from '../../../components/snackbar-provider';
import { toApiError, type FieldErrors } from '../../../lib/api-client';
import { useRevalidateFloor } from '../api/get-board';

/**
 * One write from a board dialog: busy while it runs; on success the toast, the board read again
 * and the dialog closed; on failure the server's sentence and field errors shown, the dialog kept.
 */
export const useFloorWrite = (onClose: () => void) => {
  const revalidate = useRevalidateFloor();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // Counted so the visit-use slot can read the client's vouchers again after each refusal.
  const [refused, setRefused] = useState(0);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    setFieldErrors({});
    try {
      await action();
      showSnackbar(done, 'success');
      await revalidate();
      onClose();
    } catch (err) {
      const failure = toApiError(err);
      setError(failure.message);
      setFieldErrors(failure.errors);
      setRefused((n) => n + 1);
      setBusy(false);
    }
  };
  return { busy, error, setError, fieldErrors, refused, run };
};
