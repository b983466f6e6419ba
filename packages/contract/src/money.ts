/** Peso formatting (docs/product.md §9): en-PH, PHP; one with centavos, one rounded to whole pesos. */
export const CURRENCY = 'PHP';
export const LOCALE = 'en-PH';

const withDecimals = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholePesos = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Money travels as decimal strings ("1500.00"). Intl formats a string operand exactly
 * (no float rounding) in engines that support the Intl.NumberFormat v3 string input.
 */
type Money = string | number;
const operand = (amount: Money) => (typeof amount === 'string' ? (amount as unknown as number) : amount);

export const formatPeso = (amount: Money): string => withDecimals.format(operand(amount));
export const formatPesoRounded = (amount: Money): string => wholePesos.format(operand(amount));
