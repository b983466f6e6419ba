import MenuItem from '@mui/material/MenuItem';
import { PAYMENT_METHODS } from '@ginhawa/contract';
import { PAYMENT_CHOICE_LABELS } from '../lib/options';

/**
 * The menu of a Payment select: every method, named as the desk chooses it ("GCash / Maya
 * (e-wallet)"). A select reads its items' values, so these are the items themselves, to be its
 * children, not a component around them.
 */
export const paymentMethodItems = () =>
  PAYMENT_METHODS.map((m) => (
    <MenuItem key={m} value={m}>
      {PAYMENT_CHOICE_LABELS[m]}
    </MenuItem>
  ));
