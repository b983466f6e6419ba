import { PAYMENT_METHOD_LABELS, type PaymentMethod, type Reading } from '@ginhawa/contract';
import { formatDate, formatDateTime, formatPeso } from '../../../lib/format';
import type { PrintedLine } from './invoice-view';

const SERIES = [
  ['invoice', 'Invoices'],
  ['credit_memo', 'Credit memos'],
  ['acknowledgement', 'Acknowledgement receipts'],
] as const;

const methodLabel = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/** How a reading is named on screen: "Z reading no. 4 · Front desk 1", "X reading · Front desk 1 · 29 Nov 2026, 3:05 PM". */
export const readingName = (reading: Reading) =>
  reading.kind === 'z'
    ? `Z reading no. ${reading.z_counter ?? '—'} · ${reading.terminal_name}`
    : `X reading · ${reading.terminal_name} · ${formatDateTime(reading.made_at)}`;

/**
 * A reading as it prints (issue 33; decision 1020), from the snapshot it was made from: the seller
 * and its TIN, the terminal (MIN, serial, permit), the Z counters, the first and last numbers of
 * each series, the grand totals, the sales and tax box, the discounts by kind, voids, credit memos,
 * net sales, and the money by method and bank. The same lines the invoice's print view draws.
 */
export const readingLines = (reading: Reading): PrintedLine[] => {
  const s = reading.snapshot;
  const money = (value: string) => formatPeso(value);
  const out: PrintedLine[] = [];
  const row = (left: string, right: string, strong = false) => out.push({ kind: 'row', left, right, strong });

  out.push({ kind: 'center', text: s.seller.registered_name, strong: true });
  out.push({ kind: 'center', text: s.seller.tin_line });
  if (s.seller.address) out.push({ kind: 'center', text: s.seller.address });
  out.push({ kind: 'rule' });

  out.push({ kind: 'title', text: s.title });
  row('Business day', formatDate(s.business_date));
  row('Made', formatDateTime(s.made_at));
  row('Made by', s.made_by);
  row('Period from', s.since ? formatDateTime(s.since) : 'The first reading');

  out.push({ kind: 'rule' });
  row('Branch', s.location.name);
  row('Terminal', s.terminal.name);
  row('MIN', s.terminal.min || '—');
  row('Serial no.', s.terminal.serial_number || '—');
  row('Permit / AC no.', s.terminal.permit_number || '—');
  if (s.terminal.permit_date) row('Permit date', formatDate(s.terminal.permit_date));

  out.push({ kind: 'rule' });
  if (s.kind === 'z') row('Z counter', String(s.z_counter ?? '—'));
  row('Previous Z counter', String(s.previous_z_counter));
  row('Reset counter', String(s.reset_counter));

  out.push({ kind: 'rule' });
  out.push({ kind: 'heading', text: 'Documents' });
  for (const [kind, label] of SERIES) {
    const series = s.documents[kind];
    row(label, String(series.count));
    if (series.first) row('First no.', series.first);
    if (series.last) row('Last no.', series.last);
  }
  row('Documents in all', String(s.document_count), true);

  out.push({ kind: 'rule' });
  out.push({ kind: 'heading', text: 'Grand total' });
  row('Previous', money(s.grand_total.previous));
  row('Present', money(s.grand_total.present), true);

  out.push({ kind: 'rule' });
  out.push({ kind: 'heading', text: 'Sales' });
  row('Gross sales', money(s.gross), true);
  row('VATable sales', money(s.vatable_sales));
  row('VAT', money(s.vat));
  row('VAT-exempt sales', money(s.vat_exempt_sales));
  row('Zero-rated sales', money(s.zero_rated_sales));
  row('Service charge', money(s.service_charge));

  out.push({ kind: 'heading', text: 'Discounts' });
  row('Senior citizen', money(s.discounts.senior));
  row('PWD', money(s.discounts.pwd));
  row('Other', money(s.discounts.other));

  out.push({ kind: 'heading', text: 'Corrections' });
  row(`Voids (${s.voids.count})`, money(s.voids.amount));
  row(`Credit memos (${s.credit_memos.count})`, money(s.credit_memos.amount));
  row('NET SALES', money(s.net_sales), true);

  out.push({ kind: 'rule' });
  out.push({ kind: 'heading', text: 'Payments' });
  if (s.payments.length === 0) out.push({ kind: 'text', text: 'None' });
  for (const p of s.payments) row([methodLabel(p.method), p.bank_name].filter(Boolean).join(' · '), money(p.amount));
  row('Cash in drawer', money(s.cash), true);

  out.push({ kind: 'rule' });
  out.push({ kind: 'center', text: `END OF ${s.title}` });
  return out;
};
