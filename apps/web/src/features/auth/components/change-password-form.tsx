import { useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { PASSWORD_MIN_LENGTH, changeOwnPasswordBodySchema } from '@ginhawa/contract';
import { TextField } from '../../../components/text-field';
import { toApiError } from '../../../lib/api-client';
import { updatePassword } from '../api/update-password';

type FieldName = 'old_password' | 'new_password';
type ChangePasswordFormProps = { userId: number; onChanged: (message: string) => void };

const FIELDS: readonly FieldName[] = ['old_password', 'new_password'];
const isField = (value: unknown): value is FieldName => FIELDS.includes(value as FieldName);

/** Current and new password; field errors from the form check or the server show under each field. */
export const ChangePasswordForm = ({ userId, onChanged }: ChangePasswordFormProps) => {
  const [values, setValues] = useState<Record<FieldName, string>>({ old_password: '', new_password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleChange = (field: FieldName) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((prev) => ({ ...prev, [field]: event.target.value }));
    setFieldErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  /** The props both password fields share: value, change handler, error state and lock while saving. */
  const bind = (field: FieldName) => ({
    name: field,
    value: values[field],
    onChange: handleChange(field),
    error: Boolean(fieldErrors[field]),
    helperText: fieldErrors[field],
    disabled: submitting,
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const parsed = changeOwnPasswordBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !next[field]) next[field] = issue.message;
      }
      setFieldErrors(next);
      return;
    }
    setSubmitting(true);
    try {
      const message = await updatePassword(userId, parsed.data);
      setValues({ old_password: '', new_password: '' });
      setFieldErrors({});
      onChanged(message);
    } catch (err) {
      const apiError = toApiError(err);
      const next: Partial<Record<FieldName, string>> = {};
      for (const [field, messages] of Object.entries(apiError.errors)) {
        if (isField(field) && messages[0]) next[field] = messages.join(' ');
      }
      setFieldErrors(next);
      // The summary only when no field carries the reason.
      if (!Object.keys(next).length) setError(apiError.message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit}
      aria-label="Change password"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}
    >
      {error ? <Alert severity="error">{error}</Alert> : null}
      <TextField {...bind('old_password')} label="Current password" type="password" autoComplete="current-password" />
      <TextField
        {...bind('new_password')}
        label="New password"
        type="password"
        autoComplete="new-password"
        helperText={
          fieldErrors.new_password ??
          `At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your username.`
        }
      />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={submitting}
          startIcon={submitting ? <CircularProgress size={16} color="inherit" aria-label="Saving" /> : null}
        >
          Change password
        </Button>
      </Box>
    </Box>
  );
};
