import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import { PASSWORD_MIN_LENGTH, changeOwnPasswordBodySchema } from '@ginhawa/contract';
import { useEntityForm } from '../../../components/form/use-entity-form';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/text-field';
import { FormColumn } from '../../../components/form/form-column';
import { updatePassword } from '../api/update-password';

const FIELDS = ['old_password', 'new_password'] as const;
type ChangePasswordFormProps = {
  userId: number;
  onChanged: (message: string) => void | Promise<void>;
  /** The current password's label and the button's: a first password (decision 0017) names them for what they are. */
  currentLabel?: string;
  submitLabel?: string;
};

/** Current and new password; field errors from the form check or the server show under each field. */
export const ChangePasswordForm = ({
  userId,
  onChanged,
  currentLabel = 'Current password',
  submitLabel = 'Change password',
}: ChangePasswordFormProps) => {
  const form = useEntityForm({
    initialValues: () => ({ old_password: '', new_password: '' }),
    fields: FIELDS,
    parse: (v) => changeOwnPasswordBodySchema.safeParse(v),
    save: (data) => updatePassword(userId, data),
    onSaved: async (message) => {
      form.reset();
      await onChanged(message);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.submitting) void form.submit();
  };

  return (
    <FormColumn label="Change password" onSubmit={handleSubmit}>
      {form.errors.form ? <Alert severity="error">{form.errors.form}</Alert> : null}
      <TextField {...form.bind('old_password')} label={currentLabel} type="password" autoComplete="current-password" />
      <TextField
        {...form.bind(
          'new_password',
          `At least ${PASSWORD_MIN_LENGTH} characters; not a common password and not your username.`,
        )}
        label="New password"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton submitting={form.submitting}>{submitLabel}</SubmitButton>
    </FormColumn>
  );
};
