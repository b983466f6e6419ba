import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { formatPeso, type Treatment } from '@ginhawa/contract';
import type { BoundField } from '../../../components/form/use-entity-form';
import { listedValue } from '../../../lib/options';
import type { VoucherTreatment } from './arrival-options';

/** The treatments, those on the client's usable vouchers first (with the sessions left), the rest with their price. */
export const TreatmentSelect = ({
  field,
  treatments,
  held,
}: {
  field: BoundField;
  treatments: readonly Treatment[];
  held: readonly VoucherTreatment[];
}) => {
  const onVouchers = held.flatMap((h) => treatments.filter((t) => t.id === h.treatment).map((t) => ({ t, h })));
  const others = treatments.filter((t) => !held.some((h) => h.treatment === t.id));
  return (
    <TextField select label="Treatment" required {...listedValue(field, treatments)}>
      {onVouchers.length ? <ListSubheader>On the client&apos;s vouchers</ListSubheader> : null}
      {onVouchers.map(({ t, h }) => (
        <MenuItem key={t.id} value={String(t.id)}>
          {t.name} · voucher, {h.sessions} {h.sessions === 1 ? 'session' : 'sessions'} left
        </MenuItem>
      ))}
      {onVouchers.length ? <ListSubheader>All treatments</ListSubheader> : null}
      {others.map((t) => (
        <MenuItem key={t.id} value={String(t.id)}>
          {t.name} · {formatPeso(t.price)}
        </MenuItem>
      ))}
    </TextField>
  );
};
