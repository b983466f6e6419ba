import TextField from '@mui/material/TextField';
import { PASSWORD_MIN_LENGTH } from '@ginhawa/contract';
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

/**
 * A first password someone else chooses for the person; takes `form.bind('password')`. The server
 * asks the person for their own at first sign-in (decision 0017), and the hint says so.
 */
export const NewPasswordField = ({ helperText, ...props }: AccountFieldProps) => (
  <TextField
    label="Password"
    type="password"
    {...props}
    helperText={
      helperText ??
      `At least ${PASSWORD_MIN_LENGTH} characters. They will be asked to choose their own at first sign-in.`
    }
    slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
  />
);
