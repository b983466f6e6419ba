import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

type ActiveSwitchProps = {
  checked: boolean;
  onChange: (active: boolean) => void;
  disabled: boolean;
  /** What active means for this record ("Active: can sign in"). */
  activeLabel: string;
  /** What switching it off does ("Inactive: cannot sign in"). */
  inactiveLabel: string;
};

/** A form's is_active switch, its label saying what the current state means. */
export const ActiveSwitch = ({ checked, onChange, disabled, activeLabel, inactiveLabel }: ActiveSwitchProps) => (
  <FormControlLabel
    control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} disabled={disabled} />}
    label={checked ? activeLabel : inactiveLabel}
  />
);
