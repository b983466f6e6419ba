import { PAYMENT_METHOD_LABELS, formatPhPhone, type ClientHistoryEntry } from '@ginhawa/contract';
import {
  formatClock,
  formatDate,
  formatDateClock,
  formatDateRange,
  formatDateTime,
  formatPeso,
} from '../../../lib/format';

/**
 * A client's history entry as one plain sentence, with who and when written the same way under
 * each (docs/decisions/0645): "Ana Cruz arrived at Makati Salcedo for a Swedish massage with Liza
 * Reyes, 29 Nov 2026, 12:00 pm." and "By Maria Santos, 29 Nov 2026, 12:02 pm".
 */
export type HistoryLine = { sentence: string; byline: string };

const LABELS: Record<string, string> = {
  phone: 'phone',
  email: 'email',
  location_name: 'location',
  is_active: 'active',
  treatment_name: 'treatment',
  membership_name: 'membership',
  salesperson_name: 'salesperson',
  therapist_name: 'therapist',
  second_therapist_name: 'second therapist',
  receptionist_name: 'receptionist',
  voucher_code: 'voucher',
};
/** Ids and derived fields repeat what a neighbouring field says in words (location → location_name). */
const HIDDEN = new Set([
  'id',
  'full_name',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'location',
  'client',
  'client_name',
  'client_membership',
]);
/** A reference the entry also names (treatment → treatment_name, voucher → voucher_code): the id says nothing more. */
const namedElsewhere = (field: string, fields: Set<string>) =>
  fields.has(`${field}_name`) || fields.has(`${field}_code`);
/** A client's location is their home; a sale's or a visit's is the branch it happened at. */
const labelOf = (field: string, table: string) =>
  table === 'clients' && field === 'location_name' ? 'home location' : (LABELS[field] ?? field.replace(/_/g, ' '));

/** Peso amounts of the client's sales and visits (numeric columns, stored as decimal strings). */
const MONEY = new Set(['price', 'price_paid', 'amount', 'discount', 'net_amount', 'service_charge', 'deposit_amount']);
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^\d{2}:\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

const empty = (value: unknown) => value === null || value === undefined || value === '';

/** A value as the rest of the panel writes it: pesos as ₱1,234.50, days as 25 Nov 2027, moments in Manila. */
const show = (field: string, value: unknown): string => {
  if (empty(value)) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (MONEY.has(field) && (typeof value === 'number' || typeof value === 'string') && Number.isFinite(Number(value)))
    return formatPeso(value);
  if (typeof value !== 'string') return String(value);
  if (field === 'phone') return formatPhPhone(value);
  // A state in words, as its chips write it ("Arrived", "No show"), not the stored "no_show".
  if (field === 'status') return value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
  if (field === 'payment_method' && value in PAYMENT_METHOD_LABELS)
    return PAYMENT_METHOD_LABELS[value as keyof typeof PAYMENT_METHOD_LABELS];
  if (CALENDAR_DATE.test(value)) return formatDate(value);
  // The panel's one time format: "12:00 pm", as the moment under each entry reads.
  if (field.endsWith('time') && CLOCK.test(value)) return formatClock(value);
  if (INSTANT.test(value)) return formatDateTime(value);
  return value;
};

const scalar = (value: unknown) => value === null || typeof value !== 'object';

/** "a, b and c". */
const listOf = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "a Swedish massage", "an Aromatherapy". */
const article = (name: string) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

/** What a create set or an update changed, in words: "phone from +63 917 … to +63 918 …". */
const changeList = (entry: ClientHistoryEntry, skip: ReadonlySet<string> = new Set()): string[] => {
  const fields = new Set(entry.changes.map((c) => c.field));
  return (
    entry.changes
      // Nested objects (a sale's receipt, a membership's vouchers) have their own screens.
      .filter((c) => !HIDDEN.has(c.field) && !skip.has(c.field) && !namedElsewhere(c.field, fields))
      .filter((c) => scalar(c.before) && scalar(c.after))
      .filter((c) => !(empty(c.before) && empty(c.after)))
      .map((c) => {
        const label = labelOf(c.field, entry.table);
        if (entry.action === 'create' || entry.action === 'sell') return `${label} ${show(c.field, c.after)}`;
        if (empty(c.before)) return `${label} set to ${show(c.field, c.after)}`;
        if (empty(c.after)) return `${label} ${show(c.field, c.before)} removed`;
        return `${label} from ${show(c.field, c.before)} to ${show(c.field, c.after)}`;
      })
  );
};

/** A field's value as set by the entry, or as the row stands (its subject). */
const valueOf = (entry: ClientHistoryEntry, field: string): unknown =>
  entry.changes.find((c) => c.field === field)?.after ?? entry.subject[field];
const text = (entry: ClientHistoryEntry, field: string): string | null => {
  const value = valueOf(entry, field);
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The visit's day and time as one moment: "29 Nov 2026, 12:00 pm". */
const visitWhen = (entry: ClientHistoryEntry): string | null => {
  const date = entry.subject.date ?? text(entry, 'date');
  const time = entry.subject.time ?? text(entry, 'time');
  if (!date || !CALENDAR_DATE.test(date)) return null;
  return time && CLOCK.test(time.slice(0, 5)) ? formatDateClock(date, time.slice(0, 5)) : formatDate(date);
};

/** "at Makati for a Hilot with Liza Reyes and Joy Santos, 29 Nov 2026, 12:00 pm". */
const visitDetails = (entry: ClientHistoryEntry): string => {
  const location = text(entry, 'location_name');
  const treatment = text(entry, 'treatment_name');
  const therapists = [text(entry, 'therapist_name'), text(entry, 'second_therapist_name')].filter(
    (name): name is string => name !== null,
  );
  const when = visitWhen(entry);
  return [
    location ? ` at ${location}` : '',
    treatment ? ` for ${article(treatment)}` : '',
    therapists.length ? ` with ${listOf(therapists)}` : '',
    when ? `, ${when}` : '',
  ].join('');
};

const arrivalSentence = (entry: ClientHistoryEntry, client: string): string => {
  const details = visitDetails(entry);
  // "…, 29 Nov 2026, 1:00 pm, was cancelled": the moment set off by commas on both sides.
  const closed = visitWhen(entry) ? `${details},` : details;
  if (entry.action === 'create') {
    const voucher = text(entry, 'voucher_code');
    const notes = text(entry, 'notes');
    const sentence = `${client} arrived${details}${voucher ? `, on voucher ${voucher}` : ''}${notes ? ` (notes: ${notes})` : ''}`;
    // A visit written in bulk may already be cancelled.
    return valueOf(entry, 'status') === 'cancelled'
      ? `${client}'s visit${closed} was logged and cancelled.`
      : `${sentence}.`;
  }
  if (entry.action === 'cancel') {
    const rest = changeList(entry, new Set(['status', 'cancelled_at']));
    return `${client}'s visit${closed} was cancelled${rest.length ? `; ${listOf(rest)}` : ''}.`;
  }
  const when = visitWhen(entry);
  return `${client}'s visit${when ? ` of ${when}` : ''} changed: ${listOf(changeList(entry)) || 'no visible field'}.`;
};

const soldBy = (entry: ClientHistoryEntry) => {
  const seller = text(entry, 'salesperson_name');
  return seller ? `, sold by ${seller}` : '';
};
const priced = (entry: ClientHistoryEntry) => {
  const price = valueOf(entry, 'price_paid');
  return typeof price === 'string' || typeof price === 'number' ? ` for ${formatPeso(price)}` : '';
};
const atBranch = (entry: ClientHistoryEntry) => {
  const location = text(entry, 'location_name');
  return location ? ` at ${location}` : '';
};

const membershipSentence = (entry: ClientHistoryEntry, client: string): string => {
  const plan = text(entry, 'membership_name');
  const name = plan ? `${article(plan)} membership` : 'a membership';
  if (entry.action === 'sell') {
    const range = formatDateRange(text(entry, 'start_date'), text(entry, 'end_date'));
    return `${client} bought ${name}${atBranch(entry)}${priced(entry)}${range ? `, valid ${range}` : ''}${soldBy(entry)}.`;
  }
  return `${client}'s ${plan ? `${plan} membership` : 'membership'} changed: ${listOf(changeList(entry)) || 'no visible field'}.`;
};

const voucherSentence = (entry: ClientHistoryEntry, client: string): string => {
  const code = text(entry, 'code') ?? text(entry, 'voucher_code');
  const treatment = text(entry, 'treatment_name');
  if (entry.action === 'sell') {
    const sessions = valueOf(entry, 'sessions_total');
    const count = typeof sessions === 'number' ? `${sessions} ${sessions === 1 ? 'session' : 'sessions'}` : null;
    const what = count && treatment ? ` for ${count} of ${treatment}` : treatment ? ` for ${treatment}` : '';
    const expires = text(entry, 'expires_on');
    return `${client} bought voucher${code ? ` ${code}` : ''}${what}${atBranch(entry)}${priced(entry)}${expires ? `, expiring ${formatDate(expires)}` : ''}${soldBy(entry)}.`;
  }
  return `${client}'s voucher${code ? ` ${code}` : ''}${treatment ? ` (${treatment})` : ''} changed: ${listOf(changeList(entry)) || 'no visible field'}.`;
};

const profileSentence = (entry: ClientHistoryEntry, client: string): string => {
  switch (entry.action) {
    case 'create': {
      // A new client is active: saying so adds nothing.
      const set = changeList(entry, valueOf(entry, 'is_active') === true ? new Set(['is_active']) : undefined);
      return `${client}'s profile was created${set.length ? ` with ${listOf(set)}` : ''}.`;
    }
    case 'deactivate':
      return `${client} was deactivated.`;
    case 'delete':
      return `${client} was deleted.`;
    default:
      return `${client}'s profile changed: ${listOf(changeList(entry)) || 'no visible field'}.`;
  }
};

/** The entry as one sentence about `client` (the client's name), and who recorded it when. */
export const historyLine = (entry: ClientHistoryEntry, client: string): HistoryLine => {
  const sentence = (() => {
    switch (entry.table) {
      case 'clients':
        return profileSentence(entry, client);
      case 'client_arrivals':
        return arrivalSentence(entry, client);
      case 'client_memberships':
        return membershipSentence(entry, client);
      case 'client_treatments':
        return voucherSentence(entry, client);
      default: {
        const changed = changeList(entry);
        return `${entry.table.replace(/_/g, ' ')} ${entry.action}${changed.length ? `: ${listOf(changed)}` : ''}.`;
      }
    }
  })();
  // "System" is a row written in bulk (demo data, a migration): no person to name.
  const when = formatDateTime(entry.at);
  return { sentence, byline: entry.actor_name === 'System' ? when : `By ${entry.actor_name}, ${when}` };
};
