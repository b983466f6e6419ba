/**
 * The tax on an invoice (issue 33; docs/decisions/1003-vat-and-the-senior-pwd-discount.md), in
 * exact centavos (bigint, never a float), shared by the server that issues the document and the
 * panel that shows "Still to pay" before it is issued, so both come to the same centavo.
 *
 * - Menu prices include VAT. VAT on the VATable amount = amount × rate / (100 + rate), rounded half
 *   up to the centavo once per invoice; VATable sales = the VATable amount − VAT.
 * - Another discount (pesos off the bill) is shared over the lines in proportion to their amounts
 *   (the centavos left over go to the largest remainders), so each tax class carries its part.
 * - The senior citizen (RA 9994) and PWD (RA 10754) discount, on the eligible lines: the VAT is
 *   removed first, then 20% of the VAT-exclusive price; those lines are a VAT-exempt sale. Never
 *   stacked with another discount: the buyer gets whichever leaves less to pay.
 * - A service charge (RA 11360) is VATable for a VAT seller and never discounted.
 * - A non-VAT seller's invoice has no VAT box: VATable, VAT, exempt and zero-rated are 0.
 * Invariant for a VAT seller: total due = VATable sales + VAT + VAT-exempt + zero-rated − the
 * senior and PWD discounts (another discount is already inside the class amounts).
 */

export const TAX_CLASSES = ['vatable', 'vat_exempt', 'zero_rated'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TAX_CLASS_LABELS: Record<TaxClass, string> = {
  vatable: 'VATable',
  vat_exempt: 'VAT-exempt',
  zero_rated: 'Zero-rated',
};

export const SPECIAL_DISCOUNT_KINDS = ['senior', 'pwd'] as const;
export type SpecialDiscountKind = (typeof SPECIAL_DISCOUNT_KINDS)[number];
export const SPECIAL_DISCOUNT_LABELS: Record<SpecialDiscountKind, string> = {
  senior: 'Senior citizen discount',
  pwd: 'PWD discount',
};
/** The discount the law gives on the VAT-exclusive price, in percent. */
export const SPECIAL_DISCOUNT_PERCENT = 20n;

/** "1500.50" → 150050n; "-3.5" → -350n. */
export const toCentavos = (money: string): bigint => {
  const negative = money.trim().startsWith('-');
  const [whole = '0', frac = ''] = money.trim().replace('-', '').split('.');
  const value = BigInt(whole || '0') * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
};

/** 150050n → "1500.50". */
export const fromCentavos = (value: bigint): string => {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** n / d rounded half up, for n ≥ 0 and d > 0. */
const roundDiv = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

export type TaxableLine = {
  description: string;
  quantity: number;
  /** The menu price of one, VAT included. */
  unit_price: string;
  tax_class: TaxClass;
  senior_pwd_eligible: boolean;
};

export type InvoiceLine = {
  description: string;
  quantity: number;
  unit_price: string;
  amount: string;
  /** The class the line was sold in: an eligible line of a senior/PWD sale is `vat_exempt`. */
  tax_class: TaxClass;
  /** The senior/PWD discount was taken on it. */
  special: boolean;
};

export type InvoiceFigures = {
  lines: InvoiceLine[];
  /** The lines at menu price, plus the service charge. */
  gross: string;
  discount_senior: string;
  discount_pwd: string;
  discount_other: string;
  service_charge: string;
  vatable_sales: string;
  vat: string;
  vat_exempt_sales: string;
  zero_rated_sales: string;
  total_due: string;
  /** The senior/PWD discount was given (false when another, larger discount was). */
  special_applied: boolean;
};

export type InvoiceTerms = {
  lines: TaxableLine[];
  vat_status: 'vat' | 'non_vat';
  /** Percent with two places, "12.00". */
  vat_rate: string;
  /** Pesos off the bill (not the senior/PWD discount). */
  discount: string;
  service_charge: string;
  special: SpecialDiscountKind | null;
};

/** Shares `total` over `weights` in proportion, to the centavo, the leftovers to the largest remainders. */
export const shareInProportion = (total: bigint, weights: bigint[]): bigint[] => {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n || total === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, rest: (total * w) % sum }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
};

type Priced = TaxableLine & { amount: bigint };

const figuresWithout = (terms: InvoiceTerms, priced: Priced[], rate: bigint): InvoiceFigures => {
  const vatSeller = terms.vat_status === 'vat';
  const discount = toCentavos(terms.discount);
  const charge = toCentavos(terms.service_charge);
  const shares = shareInProportion(
    discount,
    priced.map((l) => l.amount),
  );
  const byClass = { vatable: 0n, vat_exempt: 0n, zero_rated: 0n };
  priced.forEach((l, i) => {
    byClass[l.tax_class] += l.amount - shares[i]!;
  });
  const gross = priced.reduce((a, l) => a + l.amount, 0n);
  const vatableAmount = byClass.vatable + charge;
  const vat = vatSeller ? roundDiv(vatableAmount * rate, 10_000n + rate) : 0n;
  return {
    lines: priced.map((l) => line(l, l.tax_class, false)),
    gross: fromCentavos(gross + charge),
    discount_senior: '0.00',
    discount_pwd: '0.00',
    discount_other: fromCentavos(discount),
    service_charge: fromCentavos(charge),
    vatable_sales: fromCentavos(vatSeller ? vatableAmount - vat : 0n),
    vat: fromCentavos(vat),
    vat_exempt_sales: fromCentavos(vatSeller ? byClass.vat_exempt : 0n),
    zero_rated_sales: fromCentavos(vatSeller ? byClass.zero_rated : 0n),
    total_due: fromCentavos(gross - discount + charge),
    special_applied: false,
  };
};

const line = (l: Priced, taxClass: TaxClass, special: boolean): InvoiceLine => ({
  description: l.description,
  quantity: l.quantity,
  unit_price: fromCentavos(toCentavos(l.unit_price)),
  amount: fromCentavos(l.amount),
  tax_class: taxClass,
  special,
});

const figuresWithSpecial = (
  terms: InvoiceTerms,
  priced: Priced[],
  rate: bigint,
  kind: SpecialDiscountKind,
): InvoiceFigures => {
  const vatSeller = terms.vat_status === 'vat';
  const charge = toCentavos(terms.service_charge);
  const eligible = priced.filter((l) => l.senior_pwd_eligible);
  const others = priced.filter((l) => !l.senior_pwd_eligible);
  // The VAT comes off the eligible VATable lines first (once, on their sum), then the 20%.
  const eligibleVatable = eligible.filter((l) => l.tax_class === 'vatable').reduce((a, l) => a + l.amount, 0n);
  const eligibleRest = eligible.filter((l) => l.tax_class !== 'vatable').reduce((a, l) => a + l.amount, 0n);
  const exclusive = (vatSeller ? roundDiv(eligibleVatable * 10_000n, 10_000n + rate) : eligibleVatable) + eligibleRest;
  const special = roundDiv(exclusive * SPECIAL_DISCOUNT_PERCENT, 100n);
  const byClass = { vatable: 0n, vat_exempt: 0n, zero_rated: 0n };
  for (const l of others) byClass[l.tax_class] += l.amount;
  const vatableAmount = byClass.vatable + charge;
  const vat = vatSeller ? roundDiv(vatableAmount * rate, 10_000n + rate) : 0n;
  const gross = priced.reduce((a, l) => a + l.amount, 0n);
  const othersTotal = others.reduce((a, l) => a + l.amount, 0n);
  return {
    lines: priced.map((l) => (l.senior_pwd_eligible ? line(l, 'vat_exempt', true) : line(l, l.tax_class, false))),
    gross: fromCentavos(gross + charge),
    discount_senior: fromCentavos(kind === 'senior' ? special : 0n),
    discount_pwd: fromCentavos(kind === 'pwd' ? special : 0n),
    discount_other: '0.00',
    service_charge: fromCentavos(charge),
    vatable_sales: fromCentavos(vatSeller ? vatableAmount - vat : 0n),
    vat: fromCentavos(vat),
    vat_exempt_sales: fromCentavos(vatSeller ? byClass.vat_exempt + exclusive : 0n),
    zero_rated_sales: fromCentavos(vatSeller ? byClass.zero_rated : 0n),
    total_due: fromCentavos(exclusive - special + othersTotal + charge),
    special_applied: true,
  };
};

/**
 * The invoice's figures: each line's amount, the discounts by kind, the tax box and the total due.
 * With `special` and another discount, the one that leaves the buyer less to pay is given.
 */
export const invoiceFigures = (terms: InvoiceTerms): InvoiceFigures => {
  const rate = toCentavos(terms.vat_rate);
  const priced: Priced[] = terms.lines.map((l) => ({ ...l, amount: toCentavos(l.unit_price) * BigInt(l.quantity) }));
  const plain = figuresWithout(terms, priced, rate);
  if (!terms.special || !priced.some((l) => l.senior_pwd_eligible)) return plain;
  const special = figuresWithSpecial(terms, priced, rate, terms.special);
  return toCentavos(special.total_due) <= toCentavos(plain.total_due) ? special : plain;
};
