import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TAX_CLASSES, TAX_CLASS_LABELS } from '@ginhawa/contract';
import { ActiveSwitch } from '../../../components/form/active-switch';

type TaxFieldsProps = {
  /** `bind('tax_class', …)` of the form. */
  taxClass: object;
  /** `bindSwitch('senior_pwd_eligible')` of the form. */
  eligible: { checked: boolean; onChange: (on: boolean) => void; disabled: boolean };
};

/**
 * How a treatment's or membership's sale is taxed on its invoice (issue 33, decision 1003): its tax
 * class (menu prices include VAT) and whether a senior citizen or PWD gets the 20% discount on it.
 */
export const TaxFields = ({ taxClass, eligible }: TaxFieldsProps) => (
  <>
    <TextField select label="Tax" required {...taxClass}>
      {TAX_CLASSES.map((c) => (
        <MenuItem key={c} value={c}>
          {TAX_CLASS_LABELS[c]}
        </MenuItem>
      ))}
    </TextField>
    <ActiveSwitch
      {...eligible}
      activeLabel="Senior citizen and PWD discount: given"
      inactiveLabel="Senior citizen and PWD discount: not given"
    />
  </>
);
