import { MONEY_RE, normalizeMoneyInput } from '@ginhawa/contract';

/** "1500.5" → 150050n: exact centavos, so the total is never a floating-point guess. */
const centavos = (money: string): bigint => {
  const negative = money.startsWith('-');
  const [whole, frac = ''] = (negative ? money.slice(1) : money).split('.');
  const value = BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
};
const toMoney = (c: bigint): string => {
  const negative = c < 0n;
  const abs = negative ? -c : c;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

export type SaleTotal =
  { ok: true; amount: string; discount: string; net: string } | { ok: false; amount: string; message: string };

/**
 * The total the desk sees before "Sell", computed as the server does (sales.service.ts
 * insertSale): the catalogue price × the sessions (1 for a membership), less the discount, which
 * may not exceed that amount. Display only: the stored sale's amounts are the server's.
 */
export const saleTotal = (price: string, sessions: number, discountTyped: string): SaleTotal => {
  const amount = centavos(price) * BigInt(Math.max(0, Math.trunc(sessions)));
  const typed = normalizeMoneyInput(discountTyped) || '0';
  if (!MONEY_RE.test(typed) || typed.startsWith('-'))
    return { ok: false, amount: toMoney(amount), message: 'Enter the discount in pesos, e.g. 500 or 1,500.50.' };
  const discount = centavos(typed);
  if (discount > amount)
    return { ok: false, amount: toMoney(amount), message: 'The discount cannot exceed the price.' };
  return { ok: true, amount: toMoney(amount), discount: toMoney(discount), net: toMoney(amount - discount) };
};
