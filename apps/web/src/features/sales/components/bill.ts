import { MONEY_RE, normalizeMoneyInput, type PaymentMethod } from '@ginhawa/contract';

/**
 * The checkout's live sums in whole centavos (bigint), never floating-point pesos: "₱300.00 is still
 * to be paid" must be what the server will say. Display only: the server recomputes every figure and
 * is the judge (a 400 on `payments` names the difference).
 */

/** "1,500.5" → 150050n; blank → 0n; anything the money schema would refuse (or negative) → null. */
export const centavos = (typed: string): bigint | null => {
  const value = normalizeMoneyInput(typed) || '0';
  if (!MONEY_RE.test(value) || value.startsWith('-')) return null;
  const [whole, frac = ''] = value.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
};

/** 150050n → "1500.50" (the API's money string; negative kept). */
export const toMoney = (c: bigint): string => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);
const max0 = (c: bigint) => (c > 0n ? c : 0n);

export type BillItem = { name: string; price: string; quantity: number; replaces: boolean };
export type BillPayment = { method: PaymentMethod | ''; amount: string };

export type BillInput = {
  /** The visit's service at its catalogue price ("0.00" on a voucher or membership visit). */
  service: string;
  items: readonly BillItem[];
  discount: string;
  serviceCharge: string;
  /** A reservation deposit held for the visit: applied first, as already paid. */
  deposit: string;
  tips: readonly string[];
  payments: readonly BillPayment[];
  /** The invoice's total due when invoicing is on (a senior/PWD discount lowers it): the bill's due. */
  invoiceDue?: string | null;
};

export type Bill = {
  /** The service line as billed: 0 when an item replaces it (a change of treatment). */
  service: bigint;
  items: bigint[];
  subtotal: bigint;
  discount: bigint;
  serviceCharge: bigint;
  /** subtotal − discount + service charge. */
  due: bigint;
  depositApplied: bigint;
  tips: bigint;
  /** What the payments must add up to: due − deposit applied + tips. */
  toPay: bigint;
  paid: bigint;
  /** Still to be paid (> 0), or 0. */
  left: bigint;
  /** Paid over the bill, covered by cash handed back: the change. */
  change: bigint;
  /** Paid over the bill with no cash to hand back: the server will refuse it. */
  over: bigint;
};

/** The bill as the desk sees it while typing; a field that is not yet an amount counts as ₱0.00. */
export const billOf = (input: BillInput): Bill => {
  const read = (typed: string) => centavos(typed) ?? 0n;
  const replaced = input.items.some((i) => i.replaces);
  const service = replaced ? 0n : read(input.service);
  const items = input.items.map((i) => read(i.price) * BigInt(i.quantity > 0 ? Math.trunc(i.quantity) : 0));
  const subtotal = service + sum(items);
  const discount = read(input.discount);
  const serviceCharge = read(input.serviceCharge);
  const due = input.invoiceDue ? read(input.invoiceDue) : max0(subtotal - discount) + serviceCharge;
  const depositHeld = read(input.deposit);
  const depositApplied = depositHeld < due ? depositHeld : due;
  const tips = sum(input.tips.map(read));
  const toPay = due - depositApplied + tips;
  const paid = sum(input.payments.map((p) => read(p.amount)));
  const cash = sum(input.payments.filter((p) => p.method === 'cash').map((p) => read(p.amount)));
  const extra = max0(paid - toPay);
  const change = extra <= cash ? extra : 0n;
  return {
    service,
    items,
    subtotal,
    discount,
    serviceCharge,
    due,
    depositApplied,
    tips,
    toPay,
    paid,
    left: max0(toPay - paid),
    change,
    over: extra - change,
  };
};
