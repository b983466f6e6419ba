import type { SQL } from 'drizzle-orm';
import type { TaxableLine } from '@ginhawa/contract';
import type { Tx } from '../../db/client';
import type { AuthUser } from '../../lib/actor';
import { createdBy } from '../../lib/tracked';
import { insertSale } from '../sales/index';

/**
 * What selling a membership (client-memberships.service.ts) and selling a voucher
 * (vouchers.service.ts) write alike inside sellAtDesk (sell.service.ts): the sale of the one
 * catalogue item, and the columns of the rows it sells.
 */

type SaleValues = Parameters<typeof insertSale>[2];
type InvoiceRequest = NonNullable<SaleValues['invoice']>;
/** The day and client sellAtDesk's payment checks settled on. */
type Paid = { client: { id: number; full_name: string }; date: string };
/** What the desk's request says of the sale: its payment, and who sold it where. */
type DeskInput = SaleValues['payment'] &
  Pick<InvoiceRequest, 'terminal' | 'special_discount' | 'buyer'> & { salesperson: number; location: number };

/**
 * The sale of `quantity` of a catalogue item (a membership plan, a treatment) for `amount`: filed
 * under the payment's day and client, paid as the request says and, with invoicing on, invoiced
 * from the request's terminal, special discount and buyer under the client's name, as one line at
 * the item's menu price, tax class and senior/PWD eligibility.
 */
export const insertItemSale = (
  tx: Tx,
  user: AuthUser,
  paid: Paid,
  input: DeskInput,
  sold: {
    kind: 'membership' | 'voucher';
    item: { price: string; taxClass: string; seniorPwdEligible: boolean };
    quantity: number;
    amount: SQL;
    what: string;
    description: string;
  },
) =>
  insertSale(tx, user, {
    date: paid.date,
    clientId: paid.client.id,
    kind: sold.kind,
    amount: sold.amount,
    payment: input,
    what: sold.what,
    invoice: {
      terminal: input.terminal,
      special_discount: input.special_discount,
      buyer: input.buyer,
      clientName: paid.client.full_name,
      line: {
        description: sold.description,
        quantity: sold.quantity,
        unit_price: sold.item.price,
        tax_class: sold.item.taxClass as TaxableLine['tax_class'],
        senior_pwd_eligible: sold.item.seniorPwdEligible,
      },
    },
  });

/** To whom, by whom, where and on which day a sold voucher or membership was sold, and who wrote it. */
export const soldColumns = (user: AuthUser, paid: Paid, input: DeskInput) => ({
  clientId: paid.client.id,
  salespersonId: input.salesperson,
  locationId: input.location,
  soldOn: paid.date,
  ...createdBy(user.id),
});
