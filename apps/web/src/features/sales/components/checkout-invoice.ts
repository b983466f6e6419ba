import {
  invoiceFigures,
  type InvoiceFigures,
  type SpecialDiscountKind,
  type Tab,
  type TaxableLine,
  type Treatment,
} from '@ginhawa/contract';
import { centavos, toMoney } from './bill';
import type { ItemRow } from './checkout-fields';

/**
 * The invoice a checkout will issue, as the server will figure it (issue 33): the contract's
 * `invoiceFigures` in exact centavos over the same lines (the visit's service, or the treatment
 * that replaces it, unless a voucher or membership paid for it; then the add-ons), at catalogue
 * prices with their tax classes. Null until the catalogue has every line's treatment.
 */
export const checkoutInvoice = ({
  tab,
  items,
  catalogue,
  terms,
  discount,
  serviceCharge,
  special,
}: {
  tab: Pick<Tab, 'treatment' | 'voucher' | 'client_membership'>;
  items: readonly ItemRow[];
  catalogue: readonly Treatment[];
  terms: { vat_status: 'vat' | 'non_vat'; vat_rate: string };
  discount: string;
  serviceCharge: string;
  special: SpecialDiscountKind | null;
}): InvoiceFigures | null => {
  const byId = (id: number | string | null) => catalogue.find((t) => String(t.id) === String(id));
  const lineOf = (t: Treatment, quantity: number): TaxableLine => ({
    description: t.name,
    quantity,
    unit_price: t.price,
    tax_class: t.tax_class,
    senior_pwd_eligible: t.senior_pwd_eligible,
  });
  const prepaid = tab.voucher !== null || tab.client_membership !== null;
  const replacing = items.find((i) => i.replaces);
  const lines: TaxableLine[] = [];
  if (!prepaid) {
    const serviceId = replacing ? replacing.treatment : tab.treatment;
    if (serviceId !== null && serviceId !== '') {
      const t = byId(serviceId);
      if (!t) return null;
      lines.push(lineOf(t, 1));
    }
  }
  for (const row of items) {
    if (row.replaces || !row.treatment) continue;
    const t = byId(row.treatment);
    const quantity = Number(row.quantity);
    if (!t || !Number.isInteger(quantity) || quantity <= 0) return null;
    lines.push(lineOf(t, quantity));
  }
  return invoiceFigures({
    lines,
    ...terms,
    discount: toMoney(centavos(discount) ?? 0n),
    service_charge: toMoney(centavos(serviceCharge) ?? 0n),
    special,
  });
};
