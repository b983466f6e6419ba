import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  BANKED_PAYMENT_METHODS,
  CHECKOUT_ITEMS_MAX,
  CHECKOUT_PAYMENTS_MAX,
  type BankDirectoryEntry,
  type PaymentMethod,
  type Tab,
  type Treatment,
} from '@ginhawa/contract';
import { formatPeso } from '../../../lib/format';
import { paymentMethodItems } from '../../../components/payment-method-items';
import { bankLabel, hintUnlessEmpty, listedValue, PAYMENT_CHOICE_LABELS } from '../../../lib/options';

/** Touch targets: every control of the till is at least 44 px high on a phone (docs/decisions/0530). */
export const TOUCH = { minHeight: 44, minWidth: 44 } as const;

export type ItemRow = { key: number; treatment: string; quantity: string; replaces: boolean };
export type PaymentRow = {
  key: number;
  method: PaymentMethod;
  amount: string;
  bank: string;
  reference: string;
  /** The first row follows what is left to pay until the desk types in it. */
  typed: boolean;
};
export type Errors = Record<string, string | undefined>;

export const isBanked = (method: string) => (BANKED_PAYMENT_METHODS as readonly string[]).includes(method);
/** An e-wallet names its reference (the server's rule); a transfer may (the desk's slip number). */
export const takesReference = (method: string) => method === 'e_wallet' || method === 'bank_transfer';

/** A titled part of the form; `error` is the server's sentence on the part as a whole (`tips`, `items`). */
export const Section = ({ title, error, children }: { title: string; error?: string; children: ReactNode }) => (
  <Box component="section" aria-label={title}>
    <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
      {title}
    </Typography>
    <Stack spacing={1.5}>
      {children}
      {error ? (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      ) : null}
    </Stack>
  </Box>
);

/** One row of a part's fields: side by side from the tablet up, stacked on a phone. */
const FieldRow = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
    {children}
  </Stack>
);

/** A part's "Add …" under its rows, disabled at the contract's maximum. */
const AddButton = ({
  disabled,
  onClick,
  children,
}: {
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) => (
  <Box>
    <Button startIcon={<AddOutlined />} disabled={disabled} onClick={onClick} sx={TOUCH}>
      {children}
    </Button>
  </Box>
);

/** Add-ons and upgrades: another treatment at its catalogue price; "Replaces the service" for a change of treatment. */
export const ItemFields = ({
  rows,
  treatments,
  errors,
  disabled,
  prepaid,
  onChange,
}: {
  rows: readonly ItemRow[];
  treatments: readonly Treatment[] | undefined;
  errors: Errors;
  disabled: boolean;
  /** A voucher or membership visit keeps its treatment: no item replaces it (the server's rule). */
  prepaid: boolean;
  onChange: (rows: ItemRow[]) => void;
}) => {
  const set = (key: number, patch: Partial<ItemRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const replacing = rows.find((r) => r.replaces)?.key;
  return (
    <Section title="Add-ons and upgrades" error={errors.items}>
      {rows.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          Nothing added to the service.
        </Typography>
      ) : null}
      {rows.map((row, i) => (
        <FieldRow key={row.key}>
          <TextField
            select
            label={`Treatment ${i + 1}`}
            required
            disabled={disabled}
            {...listedValue({ value: row.treatment }, treatments)}
            onChange={(e) => set(row.key, { treatment: e.target.value })}
            error={Boolean(errors[`items.${i}.treatment`] ?? errors[`items.${i}`])}
            helperText={
              errors[`items.${i}.treatment`] ??
              errors[`items.${i}`] ??
              (treatments && hintUnlessEmpty({ count: treatments.length }, 'treatments'))
            }
            sx={{ flex: 2, minWidth: 0 }}
          >
            {(treatments ?? []).map((t) => (
              <MenuItem key={t.id} value={String(t.id)}>
                {t.name} · {formatPeso(t.price)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
            <TextField
              label={`Quantity ${i + 1}`}
              type="number"
              disabled={disabled || row.replaces}
              value={row.quantity}
              onChange={(e) => set(row.key, { quantity: e.target.value })}
              error={Boolean(errors[`items.${i}.quantity`])}
              helperText={errors[`items.${i}.quantity`]}
              slotProps={{ htmlInput: { min: 1, max: 20, inputMode: 'numeric' } }}
              sx={{ minWidth: 0 }}
            />
            <IconButton
              aria-label={`Remove treatment ${i + 1}`}
              disabled={disabled}
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
              sx={TOUCH}
            >
              <DeleteOutlined />
            </IconButton>
          </Stack>
          {prepaid ? null : (
            <FormControlLabel
              sx={{ ...TOUCH, mr: 0, flex: 'none' }}
              control={
                <Switch
                  checked={row.replaces}
                  disabled={disabled || (replacing !== undefined && replacing !== row.key)}
                  onChange={(e) => set(row.key, { replaces: e.target.checked, quantity: '1' })}
                />
              }
              label="Replaces the service"
            />
          )}
        </FieldRow>
      ))}
      <AddButton
        disabled={disabled || rows.length >= CHECKOUT_ITEMS_MAX}
        onClick={() =>
          onChange([...rows, { key: Date.now() + rows.length, treatment: '', quantity: '1', replaces: false }])
        }
      >
        Add treatment
      </AddButton>
    </Section>
  );
};

const QUICK_TIPS = ['50', '100', '200'] as const;

/** A tip for each therapist who served: quick amounts and a field; the therapist's own in full. */
export const TipFields = ({
  therapists,
  tips,
  errors,
  disabled,
  onChange,
}: {
  therapists: Tab['therapists'];
  tips: Record<number, string>;
  errors: Errors;
  disabled: boolean;
  onChange: (employee: number, amount: string) => void;
}) => (
  <Section title="Tips" error={errors.tips}>
    {therapists.map((t) => {
      const value = tips[t.employee] ?? '';
      return (
        <Stack key={t.employee} spacing={1}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ flexWrap: 'wrap' }}
            role="group"
            aria-label={`Quick tip for ${t.name}`}
          >
            {QUICK_TIPS.map((amount) => (
              <Chip
                key={amount}
                label={formatPeso(amount)}
                color={value === amount ? 'primary' : 'default'}
                variant={value === amount ? 'filled' : 'outlined'}
                aria-pressed={value === amount}
                disabled={disabled}
                onClick={() => onChange(t.employee, value === amount ? '' : amount)}
                sx={{ height: 44, minWidth: 64 }}
              />
            ))}
          </Stack>
          <TextField
            label={`Tip for ${t.name} (₱)`}
            value={value}
            disabled={disabled}
            onChange={(e) => onChange(t.employee, e.target.value)}
            error={Boolean(errors[`tip.${t.employee}`])}
            helperText={errors[`tip.${t.employee}`] ?? 'Theirs in full: not a sale, no commission.'}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
      );
    })}
  </Section>
);

const SHORT_METHOD: Record<PaymentMethod, string> = {
  ...PAYMENT_CHOICE_LABELS,
  e_wallet: 'GCash / Maya',
};

/** The payments of the bill, one row each: method, amount, the bank of a card or transfer, a reference. */
export const PaymentRows = ({
  rows,
  banks,
  errors,
  disabled,
  onChange,
  onAdd,
  onRemove,
}: {
  rows: readonly PaymentRow[];
  banks: readonly BankDirectoryEntry[] | undefined;
  errors: Errors;
  disabled: boolean;
  onChange: (key: number, patch: Partial<PaymentRow>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) => (
  <Section title="Payments">
    {rows.map((row, i) => {
      const amountError = errors[`payments.${i}.amount`] ?? (i === 0 ? errors.payments : undefined);
      return (
        <FieldRow key={row.key}>
          <TextField
            select
            label={`Payment ${i + 1}`}
            required
            disabled={disabled}
            value={row.method}
            onChange={(e) => {
              const method = e.target.value as PaymentMethod;
              onChange(row.key, {
                method,
                bank: isBanked(method) ? row.bank : '',
                reference: takesReference(method) ? row.reference : '',
              });
            }}
            error={Boolean(errors[`payments.${i}.payment_method`])}
            helperText={errors[`payments.${i}.payment_method`]}
            // The chosen method in the field's few characters ("GCash / Maya"); the menu says "(e-wallet)".
            slotProps={{ select: { renderValue: (value) => SHORT_METHOD[value as PaymentMethod] } }}
            sx={{ flex: 1, minWidth: 0 }}
          >
            {paymentMethodItems()}
          </TextField>
          <TextField
            label={`Amount ${i + 1} (₱)`}
            required
            disabled={disabled}
            value={row.amount}
            onChange={(e) => onChange(row.key, { amount: e.target.value, typed: true })}
            error={Boolean(amountError)}
            helperText={amountError}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ flex: 1, minWidth: 0 }}
          />
          {isBanked(row.method) ? (
            <TextField
              select
              label={`Bank ${i + 1}`}
              required
              disabled={disabled}
              {...listedValue({ value: row.bank }, banks)}
              onChange={(e) => onChange(row.key, { bank: e.target.value })}
              error={Boolean(errors[`payments.${i}.bank`])}
              helperText={errors[`payments.${i}.bank`] ?? (banks && hintUnlessEmpty({ count: banks.length }, 'banks'))}
              sx={{ flex: 1, minWidth: 0 }}
            >
              {(banks ?? []).map((b) => (
                <MenuItem key={b.id} value={String(b.id)}>
                  {bankLabel(b)}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          {takesReference(row.method) ? (
            <TextField
              label={`Reference no. ${i + 1}`}
              required={row.method === 'e_wallet'}
              disabled={disabled}
              value={row.reference}
              onChange={(e) => onChange(row.key, { reference: e.target.value })}
              error={Boolean(errors[`payments.${i}.reference_no`])}
              helperText={errors[`payments.${i}.reference_no`]}
              sx={{ flex: 1, minWidth: 0 }}
            />
          ) : null}
          {rows.length > 1 ? (
            <Box sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}>
              <IconButton
                aria-label={`Remove payment ${i + 1}`}
                disabled={disabled}
                onClick={() => onRemove(row.key)}
                sx={TOUCH}
              >
                <DeleteOutlined />
              </IconButton>
            </Box>
          ) : null}
        </FieldRow>
      );
    })}
    <AddButton disabled={disabled || rows.length >= CHECKOUT_PAYMENTS_MAX} onClick={onAdd}>
      Add payment
    </AddButton>
  </Section>
);
