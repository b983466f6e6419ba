import type { PaymentMethod, TaxableLine } from '@ginhawa/contract';

export type DepositPayment = { method: PaymentMethod; bankId: number | null; referenceNo: string; amount: string };

/**
 * What a document for a reservation's deposit carries below its header (issue 33): the deposit as
 * one VAT-able line at its amount, not senior/PWD-eligible, with no discount, service charge or
 * special discount and no other buyer, paid by the one payment that took it. The acknowledgement
 * issued when the desk takes a deposit and the invoice issued when the spa keeps one (forfeited)
 * carry the same.
 */
export const depositDocumentBody = (description: string, payment: DepositPayment) => {
  const line: TaxableLine = {
    description,
    quantity: 1,
    unit_price: payment.amount,
    tax_class: 'vatable',
    senior_pwd_eligible: false,
  };
  return { buyer: null, lines: [line], discount: '0.00', serviceCharge: '0.00', special: null, payments: [payment] };
};
