import { NOT_FOR_INPUT_TAX, REPRINT_MARK, SPECIAL_ID_TYPE_LABELS, type InvoiceDocument } from '@ginhawa/contract';
import { formatDate, formatDateTime, formatPeso } from '../../lib/format';

/**
 * One printed document as a list of lines (issue 33; decision 1012): the screen, both print sizes,
 * the PDF and "Copy as text" are all drawn from it, so they cannot say different things. Built
 * from the document's snapshot (what it was printed from, kept with it for good).
 */
export type PrintedLine =
  | { kind: 'mark'; text: string }
  | { kind: 'title'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'center'; text: string; strong?: boolean }
  | { kind: 'heading'; text: string }
  | { kind: 'row'; left: string; right: string; strong?: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'notice'; text: string }
  | { kind: 'rule' };

/** What the printout says about this copy: the original, or the nth reprint (decision 1013). */
export type Copy = { reprint: number | null };

const money = (value: string) => formatPeso(value);
const negative = (value: string) => `−${formatPeso(value)}`;
const nonZero = (value: string) => Number(value) !== 0;

export const printedLines = (doc: InvoiceDocument, copy: Copy = { reprint: null }): PrintedLine[] => {
  const s = doc.snapshot;
  const out: PrintedLine[] = [];
  if (doc.voided_at) out.push({ kind: 'mark', text: 'VOID' });
  if (copy.reprint !== null) out.push({ kind: 'mark', text: `${REPRINT_MARK} · no. ${copy.reprint}` });

  // The seller block.
  out.push({ kind: 'center', text: s.seller.registered_name, strong: true });
  if (s.seller.business_style) out.push({ kind: 'center', text: s.seller.business_style });
  out.push({ kind: 'center', text: s.seller.tin_line });
  if (s.seller.address) out.push({ kind: 'center', text: s.seller.address });
  out.push({ kind: 'rule' });

  out.push({ kind: 'title', text: s.title });
  out.push({ kind: 'number', text: `No. ${s.document_no}` });
  out.push({ kind: 'row', left: 'Date and time', right: formatDateTime(s.issued_at) });
  if (s.business_date && formatDate(s.business_date) !== formatDate(s.issued_at))
    out.push({ kind: 'row', left: 'Business day', right: formatDate(s.business_date) });
  if (s.original)
    out.push({
      kind: 'row',
      left: 'For invoice',
      right: `${s.original.document_no}, ${formatDate(s.original.issued_at)}`,
    });

  // The terminal block.
  out.push({ kind: 'rule' });
  out.push({ kind: 'row', left: 'Terminal', right: s.terminal.name });
  if (s.terminal.min) out.push({ kind: 'row', left: 'MIN', right: s.terminal.min });
  if (s.terminal.serial_number) out.push({ kind: 'row', left: 'Serial no.', right: s.terminal.serial_number });
  if (s.terminal.permit_number) out.push({ kind: 'row', left: 'Permit / AC no.', right: s.terminal.permit_number });
  if (s.terminal.permit_date) out.push({ kind: 'row', left: 'Permit date', right: formatDate(s.terminal.permit_date) });

  // The buyer.
  out.push({ kind: 'rule' });
  out.push({ kind: 'row', left: 'Sold to', right: s.buyer.name || '—' });
  if (s.buyer.address) out.push({ kind: 'row', left: 'Address', right: s.buyer.address });
  if (s.buyer.tin) out.push({ kind: 'row', left: 'TIN', right: s.buyer.tin });

  // The lines.
  out.push({ kind: 'rule' });
  for (const line of s.lines) {
    out.push({ kind: 'row', left: line.description, right: money(line.amount) });
    out.push({
      kind: 'text',
      text: `${line.quantity} × ${money(line.unit_price)}${line.tax_class === 'vatable' ? '' : line.tax_class === 'vat_exempt' ? ' · VAT-exempt' : ' · zero-rated'}${line.special ? ' · SC/PWD' : ''}`,
    });
  }
  if (nonZero(s.service_charge)) out.push({ kind: 'row', left: 'Service charge', right: money(s.service_charge) });
  out.push({ kind: 'row', left: 'Gross amount', right: money(s.gross) });
  for (const d of s.discounts) out.push({ kind: 'row', left: d.label, right: negative(d.amount) });
  out.push({ kind: 'row', left: 'TOTAL AMOUNT DUE', right: money(s.total_due), strong: true });

  // The tax box (a VAT seller's only).
  if (s.tax) {
    out.push({ kind: 'rule' });
    out.push({ kind: 'row', left: 'VATable sales', right: money(s.tax.vatable_sales) });
    out.push({ kind: 'row', left: 'VAT', right: money(s.tax.vat) });
    out.push({ kind: 'row', left: 'VAT-exempt sales', right: money(s.tax.vat_exempt_sales) });
    out.push({ kind: 'row', left: 'Zero-rated sales', right: money(s.tax.zero_rated_sales) });
  }
  const notices = [...s.notices];
  if (!s.tax && !notices.includes(NOT_FOR_INPUT_TAX)) notices.push(NOT_FOR_INPUT_TAX);
  for (const text of notices) out.push({ kind: 'notice', text });

  // The senior citizen / PWD: shown to the cashier on the document (RA 9994, RA 10754).
  if (doc.special_discount) {
    const id = doc.special_discount;
    out.push({ kind: 'rule' });
    out.push({ kind: 'heading', text: id.kind === 'senior' ? 'Senior citizen' : 'Person with disability' });
    out.push({ kind: 'row', left: 'Name', right: id.name });
    out.push({ kind: 'row', left: SPECIAL_ID_TYPE_LABELS[id.id_type], right: id.id_number });
    if (id.tin) out.push({ kind: 'row', left: 'TIN', right: id.tin });
    out.push({ kind: 'text', text: 'Signature: ______________________' });
  } else if (s.special_discount) {
    out.push({ kind: 'text', text: s.special_discount.label });
  }

  // Payments.
  out.push({ kind: 'rule' });
  if (s.deposit)
    out.push({
      kind: 'row',
      left: `Deposit paid earlier${s.deposit.document_no ? ` (${s.deposit.document_no})` : ''}`,
      right: money(s.deposit.amount),
    });
  for (const p of s.payments)
    out.push({
      kind: 'row',
      left: [p.label, p.bank_name, p.reference_no ? `ref. ${p.reference_no}` : ''].filter(Boolean).join(' · '),
      right: money(p.amount),
    });
  if (s.reason) out.push({ kind: 'row', left: 'Reason', right: s.reason });
  out.push({ kind: 'row', left: 'Cashier', right: s.cashier });
  if (doc.voided_at)
    out.push({
      kind: 'row',
      left: 'Voided',
      right: `${formatDateTime(doc.voided_at)}${doc.void_reason ? ` · ${doc.void_reason}` : ''}`,
    });

  // The software block.
  const sw = s.software;
  out.push({ kind: 'rule' });
  if (sw.supplier_name) out.push({ kind: 'center', text: sw.supplier_name });
  if (sw.supplier_address) out.push({ kind: 'center', text: sw.supplier_address });
  if (sw.supplier_tin) out.push({ kind: 'center', text: `VAT REG TIN ${sw.supplier_tin}` });
  if (sw.accreditation_no) out.push({ kind: 'center', text: `Accreditation no. ${sw.accreditation_no}` });
  if (sw.date_issued || sw.valid_until)
    out.push({
      kind: 'center',
      text: `Date issued ${formatDate(sw.date_issued) || '—'} · Valid until ${formatDate(sw.valid_until) || '—'}`,
    });
  return out;
};

/** The document as plain text, 40 columns (an 80 mm roll's), for a chat with the client. */
export const invoiceText = (lines: readonly PrintedLine[], width = 40): string => {
  /** Words to lines of at most `room` characters (a longer word is cut). */
  const wrap = (t: string, room = width) => {
    const out: string[] = [];
    let current = '';
    for (const word of t.split(/\s+/).filter(Boolean)) {
      for (let w = word; w; w = w.slice(room)) {
        const piece = w.slice(0, room);
        if (!current) current = piece;
        else if (current.length + 1 + piece.length <= room) current = `${current} ${piece}`;
        else {
          out.push(current);
          current = piece;
        }
      }
    }
    return [...out, current].filter(Boolean).join('\n');
  };
  const center = (t: string) =>
    wrap(t)
      .split('\n')
      .map((l) => `${' '.repeat(Math.floor((width - l.length) / 2))}${l}`)
      .join('\n');
  const row = (l: string, r: string) => {
    const gap = width - l.length - r.length;
    if (gap >= 1) return `${l}${' '.repeat(gap)}${r}`;
    const left = wrap(l).split('\n');
    const last = left.at(-1)!;
    return last.length + 1 + r.length <= width
      ? [...left.slice(0, -1), `${last}${' '.repeat(width - last.length - r.length)}${r}`].join('\n')
      : [...left, wrap(r).padStart(width)].join('\n');
  };
  return lines
    .map((line) => {
      switch (line.kind) {
        case 'rule':
          return '-'.repeat(width);
        case 'row':
          return row(line.left, line.right);
        case 'mark':
          return center(`*** ${line.text} ***`);
        case 'notice':
          return center(line.text);
        case 'heading':
          return wrap(line.text.toUpperCase());
        case 'text':
          return wrap(line.text);
        default:
          return center(line.text);
      }
    })
    .join('\n');
};
