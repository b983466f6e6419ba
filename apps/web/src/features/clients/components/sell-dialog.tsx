import { ClosedDayAlert } from '../../../components/closed-day-alert';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { z } from 'zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ADMIN_GROUP,
  clientMembershipBodySchema,
  clientTreatmentBodySchema,
  formatPeso,
  invoiceFigures,
  toCentavos,
  fromCentavos,
  type Client,
  type InvoiceDocument,
  type MyData,
  type PaymentMethod,
} from '@ginhawa/contract';
import { FormDialog } from '../../../components/form/form-dialog';
import { InvoiceDialog } from '../../../components/invoice/invoice-dialog';
import { InvoiceFields, invoiceBodyOf } from '../../../components/invoice/invoice-fields';
import { useInvoiceDraft } from '../../../components/invoice/use-invoice-draft';
import { TerminalStep } from '../../../components/invoice/terminal-step';
import { useDialogTerminal } from '../../../lib/dialog-terminal';
import { useEntityForm, type ParseResult } from '../../../components/form/use-entity-form';
import { newIdempotencyKey } from '../../../lib/idempotency';
import {
  hintUnlessEmpty,
  listedValue,
  useBankOptions,
  useEmployeeOptions,
  useLocationOptions,
  useMembershipOptions,
  useTreatmentOptions,
} from '../../../lib/options';
import { useRevalidateClients } from '../api/get-clients';
import { useMySalesperson } from '../api/get-sale-context';
import { sellMembership, sellVoucher } from '../api/sell';
import { LocationStaffFields } from './location-staff-fields';
import { saleTotal } from './sale-total';
import { ClosedDayNotice, HeldNotice, PaymentFields, TotalLine, useSaleChecks } from './sell-dialog-parts';
import { membershipReceipt, SaleReceiptDialog, voucherReceipt, type Receipt, type ReceiptBanks } from './sale-receipt';
import { BANK_MESSAGE, isBanked, WALLET_REFERENCE_MESSAGE } from './walk-in-payment';

export type SaleKind = 'voucher' | 'membership';

type SalePayment = { payment_method: string; bank: number | null; reference_no: string };

const FIELDS = [
  'treatment',
  'membership',
  'sessions',
  'location',
  'salesperson',
  'payment_method',
  'bank',
  'discount',
  'reference_no',
] as const;

type Values = {
  item: string;
  sessions: string;
  location: string;
  salesperson: string;
  payment_method: string;
  bank: string;
  discount: string;
  reference_no: string;
};

const payment = (v: Values) => ({
  location: v.location ? Number(v.location) : 0,
  salesperson: v.salesperson ? Number(v.salesperson) : 0,
  payment_method: v.payment_method as PaymentMethod,
  bank: v.bank ? Number(v.bank) : null,
  reference_no: v.reference_no,
  discount: v.discount.trim() || '0',
});

// The contract leaves `bank` and `reference_no` optional for every method; the desk is told before
// sending, as the server would: a card or transfer names its bank, an e-wallet its reference.
const paymentChecked = <T extends z.ZodType<SalePayment>>(schema: T) =>
  schema
    .refine((b) => !isBanked(b.payment_method) || b.bank !== null, { path: ['bank'], message: BANK_MESSAGE })
    .refine((b) => b.payment_method !== 'e_wallet' || b.reference_no.trim() !== '', {
      path: ['reference_no'],
      message: WALLET_REFERENCE_MESSAGE,
    });
const voucherSchema = paymentChecked(clientTreatmentBodySchema);
const membershipSchema = paymentChecked(clientMembershipBodySchema);

type SaleBody = z.output<typeof voucherSchema> | z.output<typeof membershipSchema>;

/** Non-Admins sell only where they work, starting at their own location; an Admin anywhere open. */
const sellerLocations = (
  seller: Seller | undefined,
  all: readonly { id: number; name: string }[] | undefined,
  clientLocation: number,
) => {
  const own = new Set((seller?.locations ?? []).map((l) => l.id));
  const anywhere = !seller || seller.groups.includes(ADMIN_GROUP);
  return {
    locations: (all ?? []).filter((l) => anywhere || own.has(l.id)),
    home: seller?.locations[0]?.id ?? clientLocation,
  };
};

/** Who is selling: their login, groups and the locations they work at (the signed-in user). */
export type Seller = Pick<MyData, 'id' | 'groups' | 'locations'>;

type SellDialogProps = { kind: SaleKind; client: Client; seller?: Seller; onClose: () => void };

/**
 * The sale's form: its fields, how they become the contract's body, and the sale itself, under one
 * Idempotency-Key per opening of the dialog.
 */
const useSaleForm = (
  kind: SaleKind,
  client: Client,
  home: number,
  banks: ReceiptBanks,
  onSold: (receipt: Receipt) => void,
  /** With invoicing on: the terminal and the invoice's fields to send, and where its INVOICE goes. */
  invoicing: { fields: () => Record<string, unknown>; onDocument: (document: InvoiceDocument | null) => void },
) => {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const revalidate = useRevalidateClients();
  const itemField = kind === 'voucher' ? 'treatment' : 'membership';
  return useEntityForm({
    initialValues: (): Values => ({
      item: '',
      sessions: '1',
      location: String(home),
      salesperson: '',
      payment_method: 'cash',
      bank: '',
      discount: '',
      reference_no: '',
    }),
    fields: FIELDS,
    money: ['discount'],
    errorKey: (field) => (field === 'item' ? itemField : field),
    parse: (v): ParseResult<SaleBody> =>
      kind === 'voucher'
        ? voucherSchema.safeParse({
            client: client.id,
            treatment: v.item ? Number(v.item) : 0,
            sessions: Number(v.sessions),
            ...payment(v),
            ...invoicing.fields(),
          })
        : membershipSchema.safeParse({
            client: client.id,
            membership: v.item ? Number(v.item) : 0,
            ...payment(v),
            ...invoicing.fields(),
          }),
    save: async (data): Promise<Receipt> => {
      if ('treatment' in data) {
        const sold = await sellVoucher(data, idempotencyKey);
        invoicing.onDocument(sold.document);
        return voucherReceipt(sold, client.full_name, banks);
      }
      const sold = await sellMembership(data, idempotencyKey);
      invoicing.onDocument(sold.document);
      return membershipReceipt(sold, client.full_name, banks);
    },
    onSaved: async (sold) => {
      await revalidate();
      onSold(sold);
    },
    derive: (next, field) =>
      field === 'location'
        ? { ...next, salesperson: '' }
        : field === 'payment_method' && !isBanked(next.payment_method)
          ? { ...next, bank: '' }
          : next,
  });
};

/** A salesperson sells as themselves, at the location of their record, unless they choose otherwise. */
const useSellAsMyself = (seller: Seller | undefined, setValues: Dispatch<SetStateAction<Values>>) => {
  const me = useMySalesperson(seller?.id ?? 0, Boolean(seller?.groups.includes('Salesperson')));
  const mine = me.data?.is_active ? me.data : null;
  useEffect(() => {
    if (mine)
      setValues((v) => (v.salesperson ? v : { ...v, location: String(mine.location), salesperson: String(mine.id) }));
  }, [mine, setValues]);
};

type SaleItem = { id: number; name: string; price: string };

/** What is sold (a treatment or a membership, at its catalogue price) and, for a voucher, how many sessions. */
const ItemFields = ({
  kind,
  items,
  bind,
}: {
  kind: SaleKind;
  items: readonly SaleItem[] | undefined;
  bind: ReturnType<typeof useSaleForm>['bind'];
}) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
    <TextField
      select
      label={kind === 'voucher' ? 'Treatment' : 'Membership'}
      required
      {...listedValue(
        bind(
          'item',
          items && hintUnlessEmpty({ count: items.length }, kind === 'voucher' ? 'treatments' : 'memberships'),
        ),
        items,
      )}
    >
      {(items ?? []).map((row) => (
        <MenuItem key={row.id} value={String(row.id)}>
          {row.name} · {formatPeso(row.price)}
        </MenuItem>
      ))}
    </TextField>
    {kind === 'voucher' ? (
      <TextField
        label="Sessions"
        type="number"
        required
        {...bind('sessions')}
        slotProps={{ htmlInput: { min: 1, max: 100, inputMode: 'numeric' } }}
        sx={{ maxWidth: { sm: 140 } }}
      />
    ) : null}
  </Stack>
);

/**
 * Sell a voucher (a treatment's sessions) or a membership. The price is the catalogue's, less a
 * discount; the total shown before "Sell" mirrors the server's, which stores the amounts. One
 * Idempotency-Key per opening of the dialog, so a double click or a retry after a lost answer
 * stores one sale. A salesperson sells as themselves at their own location (decision 0503).
 */
export const SellDialog = ({ kind, client, seller, onClose }: SellDialogProps) => {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [issued, setIssued] = useState<InvoiceDocument | null>(null);
  const [invoice, changeInvoice] = useInvoiceDraft();
  const [location, setLocation] = useState<number>(client.location);
  const sale = useDialogTerminal(location);
  const allLocations = useLocationOptions({ activeOnly: true });
  const treatments = useTreatmentOptions();
  const memberships = useMembershipOptions();
  const banks = useBankOptions();
  const { locations, home } = sellerLocations(seller, allLocations.data?.results, client.location);
  // With invoicing on: the terminal, the senior/PWD ID (a voucher's sessions only: not a membership fee) and the buyer.
  const fields = () =>
    sale.on
      ? {
          terminal: sale.terminal?.id ?? null,
          ...invoiceBodyOf(kind === 'voucher' ? invoice : { ...invoice, special: 'none' }, client.full_name),
        }
      : {};
  const form = useSaleForm(kind, client, home, banks.data?.results, setReceipt, { fields, onDocument: setIssued });
  useSellAsMyself(seller, form.setValues);
  const salespersons = useEmployeeOptions('salesperson', form.values.location ? Number(form.values.location) : null);
  const items = kind === 'voucher' ? treatments.data?.results : memberships.data?.results;
  const chosen = items?.find((row) => String(row.id) === form.values.item);
  const sessions = kind === 'voucher' ? Number(form.values.sessions) : 1;
  const plain =
    chosen && Number.isInteger(sessions) && sessions > 0
      ? saleTotal(chosen.price, sessions, form.values.discount)
      : null;
  // A senior's or PWD's voucher: the invoice's figures (VAT off, then 20%), as the server will charge.
  const special = sale.on && kind === 'voucher' && invoice.special !== 'none' ? invoice.special : null;
  const figures =
    plain?.ok && special && sale.terms && chosen && 'tax_class' in chosen
      ? invoiceFigures({
          lines: [
            {
              description: chosen.name,
              quantity: sessions,
              unit_price: chosen.price,
              tax_class: chosen.tax_class,
              senior_pwd_eligible: chosen.senior_pwd_eligible,
            },
          ],
          ...sale.terms,
          discount: plain.discount,
          service_charge: '0.00',
          special,
        })
      : null;
  const total =
    plain?.ok && figures
      ? {
          ...plain,
          discount: fromCentavos(toCentavos(plain.amount) - toCentavos(figures.total_due)),
          net: figures.total_due,
        }
      : plain;
  const { today, approved, locationName, held } = useSaleChecks(kind, client.id, form.values, locations);
  const chosenLocation = form.values.location ? Number(form.values.location) : client.location;
  useEffect(() => setLocation(chosenLocation), [chosenLocation]);
  // What was sold (the voucher's code and sessions) above the INVOICE that replaces the receipt.
  if (issued)
    return <InvoiceDialog document={issued} title="Sold" summary={receipt?.items.join(' · ')} onClose={onClose} />;
  if (receipt) return <SaleReceiptDialog receipt={receipt} onClose={onClose} />;
  return (
    <FormDialog
      {...form.dialog}
      title={`${kind === 'voucher' ? 'Sell voucher' : 'Sell membership'} · ${client.full_name}`}
      submitLabel="Sell"
      submitDisabled={approved || (sale.on && sale.terminal === null)}
      onClose={onClose}
    >
      {sale.on && sale.terminal === null ? (
        <TerminalStep location={chosenLocation} device={sale.device} onChosen={sale.choose} />
      ) : null}
      {approved ? (
        <ClosedDayNotice location={locationName} date={today} />
      ) : (
        <ClosedDayAlert location={form.values.location ? Number(form.values.location) : null} />
      )}
      <ItemFields kind={kind} items={items} bind={form.bind} />
      {held ? <HeldNotice held={held} client={client.full_name} /> : null}
      <LocationStaffFields
        location={form.bind('location')}
        locations={locations}
        staffLabel="Salesperson"
        staff={form.bind('salesperson', hintUnlessEmpty(salespersons.data, 'salespersons'))}
        people={salespersons.data?.results ?? []}
      />
      <PaymentFields
        bind={form.bind}
        method={form.values.payment_method}
        submitting={form.submitting}
        banks={banks.data?.results}
      />
      {sale.on ? (
        <InvoiceFields
          draft={kind === 'voucher' ? invoice : { ...invoice, special: 'none' }}
          clientName={client.full_name}
          errors={form.errors as Record<string, string | undefined>}
          disabled={form.submitting}
          noSpecial={kind === 'membership'}
          onChange={changeInvoice}
        />
      ) : null}
      {total && chosen ? (
        <TotalLine total={total} price={chosen.price} sessions={kind === 'voucher' ? sessions : null} />
      ) : null}
    </FormDialog>
  );
};
