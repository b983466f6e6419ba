import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CREDIT_MEMO_REFUND_METHODS,
  creditMemoBodySchema,
  formatPeso,
  type CreditMemoRefundMethod,
  type InvoiceDocument,
} from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { serverErrors, zodErrors, type FormErrors } from '../../../components/form/form-errors';
import { issueCreditMemo } from '../api/documents';

const REFUND_LABELS: Record<CreditMemoRefundMethod, string> = { cash: 'Cash', e_wallet: 'E-wallet' };
const FIELDS = ['lines', 'reason', 'refund_method', 'terminal'] as const;

/**
 * A credit memo against an invoice (decision 1017): the whole of it, or how many of each line; why;
 * and how the money goes back. The server works out the amounts (in proportion, exact) and refuses
 * more than is left; its answer is the credit memo, which the caller opens.
 */
export const CreditMemoDialog = ({
  invoice,
  onDone,
  onClose,
}: {
  invoice: InvoiceDocument;
  onDone: (memo: InvoiceDocument) => Promise<void> | void;
  onClose: () => void;
}) => {
  const lines = invoice.snapshot.lines;
  const [whole, setWhole] = useState(true);
  const [quantities, setQuantities] = useState<string[]>(() => lines.map(() => '0'));
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<CreditMemoRefundMethod>('cash');
  const [errors, setErrors] = useState<FormErrors<(typeof FIELDS)[number]>>({});
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async () => {
    const chosen = whole
      ? undefined
      : quantities.flatMap((q, line) => (Number(q) > 0 ? [{ line, quantity: Number(q) }] : []));
    const parsed = creditMemoBodySchema.safeParse({ lines: chosen, reason, refund_method: refund });
    if (!parsed.success) return setErrors(zodErrors(parsed.error, FIELDS));
    if (chosen && !chosen.length) return setErrors({ lines: 'Choose how many of at least one line.' });
    setSubmitting(true);
    setErrors({});
    try {
      await onDone(await issueCreditMemo(invoice.id, parsed.data));
    } catch (err) {
      setErrors(serverErrors(err, FIELDS));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open
      title={`Credit memo for ${invoice.document_no}`}
      submitLabel="Issue credit memo"
      submitting={submitting}
      error={errors.form}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <Typography variant="body2">
        A credit memo takes its own number, names this invoice and hands the money back today. The invoice stays as
        issued.
      </Typography>
      <FormControlLabel
        control={<Switch checked={whole} onChange={(event) => setWhole(event.target.checked)} />}
        label={`The whole invoice (${formatPeso(invoice.total_due)})`}
      />
      {whole ? null : (
        <Stack spacing={1.5} role="group" aria-label="Lines to credit">
          {lines.map((line, index) => (
            <TextField
              key={index}
              type="number"
              size="small"
              label={`${line.description} (of ${line.quantity}, ${formatPeso(line.unit_price)} each)`}
              value={quantities[index]}
              onChange={(event) => setQuantities((prev) => prev.map((q, i) => (i === index ? event.target.value : q)))}
              slotProps={{ htmlInput: { min: 0, max: line.quantity, step: 1 } }}
            />
          ))}
          {errors.lines ? (
            <Typography variant="body2" color="error" role="alert">
              {errors.lines}
            </Typography>
          ) : null}
        </Stack>
      )}
      <TextField
        select
        label="Handed back as"
        value={refund}
        onChange={(event) => setRefund(event.target.value as CreditMemoRefundMethod)}
        error={Boolean(errors.refund_method)}
        helperText={errors.refund_method}
      >
        {CREDIT_MEMO_REFUND_METHODS.map((method) => (
          <MenuItem key={method} value={method}>
            {REFUND_LABELS[method]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Reason"
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(errors.reason)}
        helperText={errors.reason ?? `${reason.length}/300 characters`}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      {errors.terminal ? (
        <Typography variant="body2" color="error" role="alert">
          {errors.terminal}
        </Typography>
      ) : null}
    </FormDialog>
  );
};
