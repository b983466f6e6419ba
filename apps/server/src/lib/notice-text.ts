import { formatDateInWords, formatPeso } from '@ginhawa/contract';

/**
 * Money and dates inside the sentences the server writes for people (notification messages): pesos
 * as the screens show them ("₱30,200.00") and Manila days in words ("20 May 2027"), never the
 * JSON forms "30200.00" and "2027-05-20". The formatters are the contract's, shared with the web.
 */

/** "₱30,200.00"; "—" when there is no amount (a report without cash on hand yet). */
export const pesos = (amount: string | number | null | undefined): string =>
  amount === null || amount === undefined || amount === '' ? '—' : formatPeso(amount);

/** "20 May 2027" for a calendar date or a timestamp (its day in Manila). */
export const dayInWords = (value: string | Date): string => formatDateInWords(value);

/** "1 Nov 2026 to 15 Nov 2026", or one day when both ends are the same. */
export const daysInWords = (from: string, to: string): string =>
  from === to ? dayInWords(from) : `${dayInWords(from)} to ${dayInWords(to)}`;
