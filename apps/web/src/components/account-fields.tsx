import TextField from '@mui/material/TextField';
import type { BoundField } from './form/use-entity-form';

type AccountFieldProps = BoundField & { required?: boolean; autoFocus?: boolean };

/** A sign-in name, wherever a login is made (users, employees); takes `form.bind('username')`. */
export const UsernameField = ({ helperText, ...props }: AccountFieldProps) => (
  <TextField
    label="Username"
    {...props}
    helperText={helperText ?? 'Letters, digits and . _ @ + -'}
    slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'none' } }}
  />
);

/** A first password someone else chooses for the person; takes `form.bind('password')`. */
export const NewPasswordField = ({ helperText, ...props }: AccountFieldProps) => (
  <TextField
    label="Password"
    type="password"
    {...props}
    helperText={helperText ?? 'At least 10 characters; a short phrase works well.'}
    slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
  />
);
