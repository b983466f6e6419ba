import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { MESSAGES, type LoginBody } from '@ginhawa/contract';
import { TextField } from '../../../components/text-field';
import { toApiError } from '../../../lib/api-client';
import { login } from '../api/login';
import { FormColumn } from '../../../components/form/form-column';
import type { User } from '../api/get-my-data';

type LoginFormProps = {
  onSuccess: (user: User) => void | Promise<void>;
  /** A valid form is being sent: what the next screen needs can start loading alongside. */
  onSubmitting?: () => void;
};

type FieldName = 'username' | 'password';

/**
 * Only "required" is checked here, with the texts of the contract's loginBodySchema: the sign-in
 * screen stays free of zod to keep its bundle small; the server validates the rest.
 */
const requiredProblems = (body: LoginBody): Partial<Record<FieldName, string>> => ({
  ...(body.username ? {} : { username: 'Enter your username.' }),
  ...(body.password ? {} : { password: 'Enter your password.' }),
});

const noSubscription = () => () => undefined;
/**
 * False in the HTML drawn at build time and while React takes it over, true from then on (and at
 * once when React draws the form itself): before the code runs, "Sign in" must not send the form
 * the browser's way, a GET with the password in the address (decision 1061).
 */
const useCodeRunning = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** Username and password; the server's message (or docs/product.md §8's fallback) in an alert; a spinner while signing in. */
export const LoginForm = ({ onSuccess, onSubmitting }: LoginFormProps) => {
  const codeRunning = useCodeRunning();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const errorRef = useRef<HTMLDivElement>(null);
  // A refused sign-in moves focus to its message, so it is read out and Tab goes on to Username.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: LoginBody = {
      username: String(form.get('username') ?? '').trim(),
      password: String(form.get('password') ?? ''),
    };
    const missing = requiredProblems(body);
    if (missing.username || missing.password) {
      setFieldErrors(missing);
      return;
    }
    setFieldErrors({});
    setError(null);
    setSubmitting(true);
    onSubmitting?.();
    try {
      const user = await login(body);
      await onSuccess(user);
    } catch (err) {
      const apiError = toApiError(err);
      // docs/product.md §8: the server's message, else the generic sign-in failure.
      setError(apiError.fromServer ? apiError.message : MESSAGES.loginFailed);
      setSubmitting(false);
    }
  };

  return (
    <FormColumn label="Sign in" onSubmit={handleSubmit}>
      {error ? (
        <Alert severity="error" role="alert" ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      ) : null}
      <TextField
        name="username"
        label="Username"
        autoComplete="username"
        autoFocus
        required
        disabled={submitting}
        error={Boolean(fieldErrors.username)}
        helperText={fieldErrors.username}
        htmlInput={{ autoCapitalize: 'none', spellCheck: false, maxLength: 150 }}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        disabled={submitting}
        error={Boolean(fieldErrors.password)}
        helperText={fieldErrors.password}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting || !codeRunning}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-label="Signing in" /> : null}
      >
        {submitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </FormColumn>
  );
};
