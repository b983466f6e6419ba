import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

type TextFieldProps = {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'email' | 'tel' | 'search';
  value?: string;
  defaultValue?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
};

/**
 * An outlined text field, built from MUI's parts: MUI's TextField also bundles Select
 * (menus, popovers, modals), which the sign-in screen should not have to download.
 */
export const TextField = ({
  name,
  label,
  helperText,
  error = false,
  required = false,
  disabled = false,
  htmlInput,
  ...input
}: TextFieldProps) => {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" fullWidth error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={required ? `${label} *` : label}
        aria-describedby={helperId}
        inputProps={htmlInput}
        {...input}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
};
