import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  checkoutBodySchema,
  type Checkout,
  type CheckoutBody,
  type PaymentMethod,
  type Tab,
  type Treatment,
} from '@ginhawa/contract';
import { FigureLine } from '../../../components/figures/figure-line';
import { FormDialog } from '../../../components/form/form-dialog';
import { toApiError } from '../../../lib/api-client';
import { formatPeso } from '../../../lib/format';
import { useDialogTerminal } from '../../../lib/dialog-terminal';
import { InvoiceDialog } from '../../../components/invoice/invoice-dialog';
import { InvoiceFields, invoiceBodyOf, type InvoiceDraft } from '../../../components/invoice/invoice-fields';
import { useInvoiceDraft } from '../../../components/invoice/use-invoice-draft';
import { TerminalStep } from '../../../components/invoice/terminal-step';
import { ResponsiveDialog } from '../../../components/form/responsive-dialog';
import { newIdempotencyKey } from '../../../lib/idempotency';
import {
  hintUnlessEmpty,
  listedValue,
  useBankOptions,
  useEmployeeOptions,
  useTreatmentOptions,
} from '../../../lib/options';
import { checkout, useRedeemed } from '../api/checkout';
import { useRevalidateTabs } from '../api/get-tabs';
import { billOf, centavos, toMoney, type Bill } from './bill';
import { CheckoutReceiptDialog, type ReceiptLine } from './checkout-receipt';
import { checkoutInvoice } from './checkout-invoice';
import {
  ItemFields,
  PaymentRows,
  Section,
  TipFields,
  isBanked,
  takesReference,
  type Errors,
  type ItemRow,
  type PaymentRow,
} from './checkout-fields';
import { tabSince, tabTherapists } from './tab-text';

export const BANK_MESSAGE = 'Choose the bank account the card or transfer payment goes to.';
export const WALLET_MESSAGE = 'Enter the e-wallet reference number.';
const SALESPERSON_MESSAGE = 'Choose who is credited with the sale.';

/** The live line before "Check out": what is still to pay, the change, or that it is paid. */
const PayLine = ({ bill }: { bill: Bill }) => {
  const [text, color] =
    bill.left > 0n
      ? [`Still to pay ${formatPeso(toMoney(bill.left))}`, 'error.main']
      : bill.over > 0n
        ? [`${formatPeso(toMoney(bill.over))} more than the bill: lower a payment.`, 'error.main']
        : bill.change > 0n
          ? [`Change ${formatPeso(toMoney(bill.change))}`, 'success.main']
          : ['Paid in full', 'success.main'];
  return (
    // Kept in sight at the bottom of the scrolling form while the desk types the payments.
    <Typography
      role="status"
      aria-label="Still to pay"
      variant="h6"
      component="p"
      sx={{ color, textAlign: 'right', position: 'sticky', bottom: 0, bgcolor: 'background.paper', py: 1, zIndex: 1 }}
    >
      {text}
    </Typography>
  );
};

/** The bill's lines as the receipt lists them (names from the dialog; the server's figures below them). */
const receiptLines = (
  tab: Tab,
  items: readonly ItemRow[],
  treatments: readonly Treatment[],
  bill: Bill,
  redeemed: string | null,
) => {
  const lines: ReceiptLine[] = [];
  if (!items.some((i) => i.replaces))
    lines.push({
      label: tab.treatment_name ?? 'Service',
      amount: redeemed ? null : toMoney(bill.service),
      note: redeemed,
    });
  items.forEach((row, i) => {
    const t = treatments.find((x) => String(x.id) === row.treatment);
    const qty = row.replaces ? 1 : Number(row.quantity);
    lines.push({
      label: `${t?.name ?? 'Treatment'}${qty > 1 ? ` × ${qty}` : ''}${row.replaces ? ' (instead of the booked service)' : ''}`,
      amount: toMoney(bill.items[i] ?? 0n),
      note: null,
    });
  });
  return lines;
};

type Draft = {
  items: ItemRow[];
  discount: string;
  serviceCharge: string;
  salesperson: string;
  tips: Record<number, string>;
  payments: PaymentRow[];
};

const firstPayment = (): PaymentRow => ({ key: 0, method: 'cash', amount: '', bank: '', reference: '', typed: false });

/** The first payment row, while untyped, shows what is left once the other rows are counted. */
const withPrefill = (
  draft: Draft,
  service: string,
  deposit: string,
  treatments: readonly Treatment[],
  invoiceDue: string | null,
): PaymentRow[] => {
  const [first, ...rest] = draft.payments;
  if (!first || first.typed) return draft.payments;
  const owed = billOf(inputOf({ ...draft, payments: rest }, service, deposit, treatments, invoiceDue));
  return [{ ...first, amount: toMoney(owed.left) }, ...rest];
};

const inputOf = (
  draft: Draft,
  service: string,
  deposit: string,
  treatments: readonly Treatment[] = [],
  invoiceDue: string | null = null,
) => ({
  service,
  items: draft.items.map((row) => ({
    name: '',
    price: treatments.find((t) => String(t.id) === row.treatment)?.price ?? '0',
    quantity: row.replaces ? 1 : Number(row.quantity),
    replaces: row.replaces,
  })),
  discount: draft.discount,
  serviceCharge: draft.serviceCharge,
  deposit,
  tips: Object.values(draft.tips),
  payments: draft.payments.map((p) => ({ method: p.method, amount: p.amount })),
  invoiceDue,
});

/**
 * What is sent: the dialog's rows as the contract's body. Cash handed back as change comes off the
 * cash paid, so the payments add up to the bill as the server requires (decision 0530).
 */
const bodyOf = (
  tab: Tab,
  draft: Draft,
  payments: readonly PaymentRow[],
  change: bigint,
  invoicing: { terminal: number | null; draft: InvoiceDraft | null },
) => {
  const tipRows = tab.therapists.filter((t) => (draft.tips[t.employee] ?? '').trim() !== '');
  let changeLeft = change;
  const paid = [...payments].reverse().map((p) => {
    let amount = p.amount;
    const c = centavos(p.amount);
    if (p.method === 'cash' && changeLeft > 0n && c !== null) {
      const off = c < changeLeft ? c : changeLeft;
      amount = toMoney(c - off);
      changeLeft -= off;
    }
    return { ...p, amount };
  });
  const body: CheckoutBody = {
    arrival: tab.arrival,
    salesperson: draft.salesperson ? Number(draft.salesperson) : null,
    items: draft.items.map((row) => ({
      treatment: row.treatment ? Number(row.treatment) : 0,
      quantity: row.replaces ? 1 : Number(row.quantity),
      replaces_service: row.replaces,
    })),
    discount: draft.discount.trim() || '0',
    service_charge: draft.serviceCharge.trim() || '0',
    tips: tipRows.map((t) => ({ employee: t.employee, amount: draft.tips[t.employee]! })),
    payments: paid
      .reverse()
      .filter((p) => centavos(p.amount) !== 0n)
      .map((p) => ({
        payment_method: p.method,
        amount: p.amount,
        bank: isBanked(p.method) && p.bank ? Number(p.bank) : null,
        reference_no: takesReference(p.method) ? p.reference.trim() : '',
      })),
    // With invoicing on only: the desk's terminal, the senior/PWD ID and the buyer.
    ...(invoicing.draft ? { terminal: invoicing.terminal, ...invoiceBodyOf(invoicing.draft, tab.client_name) } : {}),
  };
  return { body, tipEmployees: tipRows.map((t) => t.employee) };
};

/** The desk's own checks before sending, as the server would: a treatment per row, a bank, a reference, who sold. */
const checked = (draft: Draft, payments: readonly PaymentRow[], bill: Bill): Errors => {
  const errors: Errors = {};
  draft.items.forEach((row, i) => {
    if (!row.treatment) errors[`items.${i}.treatment`] = 'Choose a treatment.';
  });
  payments.forEach((p, i) => {
    if (isBanked(p.method) && !p.bank) errors[`payments.${i}.bank`] = BANK_MESSAGE;
    if (p.method === 'e_wallet' && !p.reference.trim()) errors[`payments.${i}.reference_no`] = WALLET_MESSAGE;
  });
  if (bill.due > 0n && !draft.salesperson) errors.salesperson = SALESPERSON_MESSAGE;
  return errors;
};

/** An error key of the body (`tips.0.amount`, `payments` …) as the dialog's own (`tip.<employee>` …). */
const errorsOf = (
  raw: Record<string, string[]>,
  tipEmployees: readonly number[],
  payments: readonly PaymentRow[],
  sentRows: readonly number[],
) => {
  const errors: Errors = {};
  const rest: string[] = [];
  for (const [key, messages] of Object.entries(raw)) {
    const text = messages.join(' ');
    const tip = /^tips\.(\d+)/.exec(key);
    const pay = /^payments\.(\d+)\.(\w+)/.exec(key);
    if (tip) errors[`tip.${tipEmployees[Number(tip[1])]}`] = text;
    else if (pay) {
      // A row of ₱0.00 is not sent: the body's index is the index among the rows sent.
      const row = payments.findIndex((p) => p.key === sentRows[Number(pay[1])]);
      errors[`payments.${row < 0 ? 0 : row}.${pay[2]}`] = text;
    } else if (/^(items|payments|salesperson|discount|service_charge|tips|terminal|special_discount|buyer)\b/.test(key))
      errors[key] = text;
    else rest.push(text);
  }
  return { errors, rest };
};

const issuesOf = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const raw: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    raw[key] = [...(raw[key] ?? []), issue.message];
  }
  return raw;
};

/**
 * Checkout of one open tab (issue 32; docs/decisions/0530): the service line (nothing to pay on a
 * voucher or membership), add-ons and upgrades, discount, service charge, who sold it, tips for each
 * therapist who served, and one or more payments, with a live "Still to pay / Change" line in whole
 * centavos. One Idempotency-Key per opening: a retry after a lost answer pays once. The server is the
 * judge: its 400 on `payments` ("₱300.00 is still to be paid.") shows at the first amount.
 */
export const CheckoutDialog = ({
  tab,
  salesperson,
  onClose,
}: {
  tab: Tab;
  /** The signed-in salesperson's own record: credited unless the desk chooses someone else (decision 0503). */
  salesperson?: number | null;
  onClose: () => void;
}) => {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [draft, setDraft] = useState<Draft>({
    items: [],
    discount: '',
    serviceCharge: '',
    salesperson: salesperson ? String(salesperson) : '',
    tips: {},
    payments: [firstPayment()],
  });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<{ checkout: Checkout; lines: ReceiptLine[]; change: string } | null>(null);
  const [invoice, changeInvoice] = useInvoiceDraft();
  const sale = useDialogTerminal(tab.location);
  const treatments = useTreatmentOptions();
  const banks = useBankOptions();
  const salespersons = useEmployeeOptions('salesperson', tab.location);
  const redeemed = useRedeemed(tab);
  const revalidate = useRevalidateTabs();
  const catalogue = treatments.data?.results ?? [];
  // With invoicing on, what is due is the invoice's total (a senior/PWD discount lowers it), as the server figures it.
  const figures =
    sale.on && sale.terms
      ? checkoutInvoice({
          tab,
          items: draft.items,
          catalogue,
          terms: sale.terms,
          discount: draft.discount,
          serviceCharge: draft.serviceCharge,
          special: invoice.special === 'none' ? null : invoice.special,
        })
      : null;
  const invoiceDue = figures?.total_due ?? null;
  const payments = withPrefill(draft, tab.amount, tab.deposit, catalogue, invoiceDue);
  // Prices from the catalogue the picker shows; the service at the tab's price.
  const bill = billOf(inputOf({ ...draft, payments }, tab.amount, tab.deposit, catalogue, invoiceDue));
  const specialOff = figures ? centavos(figures.discount_senior)! + centavos(figures.discount_pwd)! : 0n;

  if (done?.checkout.document)
    return (
      <InvoiceDialog
        document={done.checkout.document}
        title="Checked out"
        summary={
          Number(done.change) > 0
            ? `Paid. Change ${formatPeso(done.change)}.`
            : `Paid${Number(done.checkout.tips_total) > 0 ? `, with ${formatPeso(done.checkout.tips_total)} in tips` : ''}.`
        }
        onClose={onClose}
      />
    );
  if (done)
    return (
      <CheckoutReceiptDialog
        checkout={done.checkout}
        lines={done.lines}
        change={done.change}
        banks={banks.data?.results}
        onClose={onClose}
      />
    );

  const people = salespersons.data?.results ?? [];
  // Only someone who sells at the tab's branch is credited: a default from elsewhere is no choice.
  const credited = people.some((p) => String(p.id) === draft.salesperson) ? draft.salesperson : '';
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  if (sale.on && sale.terminal === null)
    return (
      <ResponsiveDialog onClose={onClose} labelledBy="checkout-terminal-title">
        <DialogTitle id="checkout-terminal-title">{`Checkout · ${tab.client_name}`}</DialogTitle>
        <DialogContent>
          <TerminalStep location={tab.location} device={sale.device} onChosen={sale.choose} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            Cancel
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    );

  const handleSubmit = async () => {
    const sent = { ...draft, salesperson: credited };
    const own = checked(sent, payments, bill);
    if (invoice.special !== 'none' && !invoice.idNumber.trim())
      own['special_discount.id_number'] = 'Enter the ID number.';
    const { body, tipEmployees } = bodyOf(tab, sent, payments, bill.change, {
      terminal: sale.on ? (sale.terminal?.id ?? null) : null,
      draft: sale.on ? invoice : null,
    });
    const sentRows = payments.filter((p) => centavos(p.amount) !== 0n).map((p) => p.key);
    const parsed = checkoutBodySchema.safeParse(body);
    const fromSchema = parsed.success
      ? { errors: {}, rest: [] }
      : errorsOf(issuesOf(parsed.error.issues), tipEmployees, payments, sentRows);
    const all = { ...fromSchema.errors, ...own };
    if (Object.keys(all).length > 0 || fromSchema.rest.length > 0) {
      setErrors(all);
      setFormError(fromSchema.rest.join(' ') || undefined);
      return;
    }
    setSubmitting(true);
    setErrors({});
    setFormError(undefined);
    try {
      const paid = await checkout(body, idempotencyKey);
      // The receipt that follows says it was paid: no toast over it.
      await revalidate();
      setDone({
        checkout: paid,
        lines: receiptLines(tab, draft.items, catalogue, bill, redeemed),
        change: toMoney(bill.change),
      });
    } catch (error) {
      const apiError = toApiError(error);
      const mapped = errorsOf(apiError.errors, tipEmployees, payments, sentRows);
      // Invoicing was switched on (or the terminal retired) since this dialog read it: ask again.
      if (mapped.errors.terminal) {
        sale.choose(null);
        sale.revalidate();
      }
      setErrors(mapped.errors);
      setFormError(
        mapped.rest.length > 0
          ? mapped.rest.join(' ')
          : Object.keys(mapped.errors).length > 0
            ? undefined
            : apiError.message,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open
      title={`Checkout · ${tab.client_name}`}
      submitLabel="Check out"
      submitting={submitting}
      error={formError}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <Typography variant="body2" color="textSecondary">
        {[tabTherapists(tab), tab.room_name, tabSince(tab)].filter(Boolean).join(' · ')}
      </Typography>
      {sale.on && sale.terminal ? (
        <Typography variant="body2" color="textSecondary">
          {`Invoice from ${sale.terminal.name}`}
        </Typography>
      ) : null}
      <Section title="Service">
        <FigureLine
          label={tab.treatment_name ?? 'Service'}
          value={
            draft.items.some((i) => i.replaces)
              ? 'Replaced'
              : redeemed
                ? `${redeemed} — nothing to pay`
                : formatPeso(tab.amount)
          }
        />
      </Section>
      <ItemFields
        rows={draft.items}
        treatments={treatments.data?.results}
        errors={errors}
        disabled={submitting}
        prepaid={tab.voucher !== null || tab.client_membership !== null}
        onChange={(items) => update({ items })}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Discount (₱)"
          value={draft.discount}
          disabled={submitting}
          onChange={(e) => update({ discount: e.target.value })}
          error={Boolean(errors.discount)}
          helperText={errors.discount ?? 'Pesos off the bill.'}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Service charge (₱)"
          value={draft.serviceCharge}
          disabled={submitting}
          onChange={(e) => update({ serviceCharge: e.target.value })}
          error={Boolean(errors.service_charge)}
          helperText={errors.service_charge}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <TextField
        select
        label="Salesperson"
        required={bill.due > 0n}
        disabled={submitting}
        {...listedValue({ value: draft.salesperson }, people)}
        onChange={(e) => update({ salesperson: e.target.value })}
        error={Boolean(errors.salesperson)}
        helperText={errors.salesperson ?? hintUnlessEmpty(salespersons.data, 'salespersons', 'Credited with the sale.')}
      >
        {people.map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.full_name}
          </MenuItem>
        ))}
      </TextField>
      {tab.therapists.length > 0 ? (
        <TipFields
          therapists={tab.therapists}
          tips={draft.tips}
          errors={errors}
          disabled={submitting}
          onChange={(employee, amount) => update({ tips: { ...draft.tips, [employee]: amount } })}
        />
      ) : null}
      {sale.on ? (
        <InvoiceFields
          draft={invoice}
          clientName={tab.client_name}
          errors={errors}
          disabled={submitting}
          onChange={changeInvoice}
        />
      ) : null}
      <Box component="section" aria-label="Bill">
        <FigureLine label="Subtotal" value={formatPeso(toMoney(bill.subtotal))} />
        {specialOff > 0n ? (
          <>
            <FigureLine
              label="VAT removed (VAT-exempt sale)"
              value={`−${formatPeso(toMoney(centavos(figures!.gross)! - specialOff - centavos(figures!.total_due)!))}`}
            />
            <FigureLine
              label={invoice.special === 'pwd' ? 'PWD discount (20%)' : 'Senior citizen discount (20%)'}
              value={`−${formatPeso(toMoney(specialOff))}`}
            />
          </>
        ) : bill.discount > 0n ? (
          <FigureLine label="Discount" value={`−${formatPeso(toMoney(bill.discount))}`} />
        ) : null}
        {bill.serviceCharge > 0n ? (
          <FigureLine label="Service charge" value={formatPeso(toMoney(bill.serviceCharge))} />
        ) : null}
        <FigureLine label="Total due" value={formatPeso(toMoney(bill.due))} strong strongLabel />
        {centavos(tab.deposit) ? (
          <FigureLine label="Deposit (already paid)" value={`−${formatPeso(toMoney(bill.depositApplied))}`} />
        ) : null}
        {bill.tips > 0n ? <FigureLine label="Tips" value={formatPeso(toMoney(bill.tips))} /> : null}
        <FigureLine label="To pay now" value={formatPeso(toMoney(bill.toPay))} strong strongLabel />
      </Box>
      <Divider />
      <PaymentRows
        rows={payments}
        banks={banks.data?.results}
        errors={errors}
        disabled={submitting}
        onChange={(key, patch) => update({ payments: payments.map((p) => (p.key === key ? { ...p, ...patch } : p)) })}
        onAdd={() =>
          update({
            payments: [
              ...payments.map((p) => ({ ...p, typed: true })),
              {
                key: Math.max(...payments.map((p) => p.key)) + 1,
                method: 'e_wallet' as PaymentMethod,
                amount: toMoney(bill.left),
                bank: '',
                reference: '',
                typed: true,
              },
            ],
          })
        }
        onRemove={(key) => update({ payments: payments.filter((p) => p.key !== key) })}
      />
      <PayLine bill={bill} />
    </FormDialog>
  );
};
