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

/** Which way a till count is off: cash on hand − cash expected below, above or at zero. */
export type VarianceKind = 'short' | 'over' | 'balanced';

export const varianceKind = (variance: Money): VarianceKind => {
  const n = Number(variance);
  return n < 0 ? 'short' : n > 0 ? 'over' : 'balanced';
};

/**
 * A till count's variance as a manager says it: "₱50.00 short", "₱140.00 over", "Balanced"
 * ("balanced" inside a sentence). Only people read it: a CSV keeps the signed decimal, which a
 * spreadsheet adds up (docs/decisions/0506-variance-in-words-and-forfeits-on-the-board.md).
 */
export const formatVariance = (variance: Money, { midSentence = false } = {}): string => {
  const kind = varianceKind(variance);
  if (kind === 'balanced') return midSentence ? 'balanced' : 'Balanced';
  const size = typeof variance === 'string' ? variance.replace(/^-/, '') : Math.abs(variance);
  return `${formatPeso(size)} ${kind}`;
};
