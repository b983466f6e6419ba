import { useState, type ChangeEvent } from 'react';
import { ApiError, toApiError } from '../../lib/api-client';

/**
 * The state of a dialog that sends a file (the client and sales imports): the chosen file, whether
 * a request is under way, and the last refusal (its message and field errors, kept whole because
 * an import's errors name lines, not the dialog's fields, so useEntityForm's field binding does
 * not fit).
 */
export const useUploadForm = () => {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  /**
   * The file input's onChange: keeps the chosen file and returns it (null when none was chosen).
   * The input is emptied, so choosing the same file again (after fixing it) is a change too.
   */
  const choose = (event: ChangeEvent<HTMLInputElement>): File | null => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (chosen) setFile(chosen);
    return chosen;
  };

  /** Runs one request: busy meanwhile, the refusal kept; resolves to its answer, or undefined after a refusal. */
  const run = async <T>(request: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await request();
    } catch (err) {
      setError(toApiError(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };

  /** A refusal found before sending (no file chosen). */
  const refuse = (message: string) => setError(new ApiError(message));

  return { file, setFile, busy, error, choose, run, refuse };
};
