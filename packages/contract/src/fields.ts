import { z } from 'zod';
import { optionalPhPhoneSchema } from './phone';
import { isTimeSlot } from './time';

/**
 * The one set of field schemas every payload and query uses (issue 10), so a rule such as "no
 * control characters" or "ids are plain decimals" is decided once.
 */

export const FIELDS_MESSAGE = 'Please correct the highlighted fields.';
export type FieldErrors = Record<string, string[]>;

/** The body of every 400 that names fields: `{message: "Please correct…", errors}`. */
export const fieldErrors = (errors: FieldErrors) => ({ message: FIELDS_MESSAGE, errors });

export const MAX_ID = 2_147_483_647;

// U+0000–U+001F and U+007F; a multiline field keeps tab, newline and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHAR_MESSAGE = 'Remove the invisible control characters from this text.';

// Half of a UTF-16 surrogate pair (possible in JSON's \uD800 escapes): UTF-8, and so PostgreSQL,
// cannot hold it, and the driver would store U+FFFD in its place without a word.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const BROKEN_TEXT_MESSAGE = 'Remove the broken characters from this text (half of an emoji or symbol).';

/** True when `value` holds a control character the field does not allow. */
export const hasControlChars = (value: string, multiline = false) =>
  (multiline ? CONTROL_MULTI : CONTROL_SINGLE).test(value);

export type TextOptions = {
  multiline?: boolean;
  /** When set, blank is refused with this message ("Enter a name."). */
  required?: string;
  /** The too-long message; "At most N characters." by default. */
  tooLong?: string;
  /** A missing key's message, when it should read as a blank one ("This field is required." by default). */
  missing?: string;
};

/**
 * Trimmed text of at most `max` characters with no control characters (tab and newline only when
 * multiline) and no lone surrogate.
 */
export const text = (max: number, options: TextOptions = {}) => {
  const missing = options.missing;
  const base = z
    .string(missing ? { error: (issue) => (issue.input === undefined ? missing : undefined) } : undefined)
    .trim()
    .refine((v) => !hasControlChars(v, options.multiline), { message: CONTROL_CHAR_MESSAGE, abort: true })
    .refine((v) => !LONE_SURROGATE.test(v), { message: BROKEN_TEXT_MESSAGE, abort: true });
  const required = options.required ? base.min(1, options.required) : base;
  return required.max(max, options.tooLong ?? `At most ${max} characters.`);
};

/** A required name, e.g. `name(100, 'Enter the bank name.')`. */
export const name = (max: number, required = 'Enter a name.', tooLong?: string) => text(max, { required, tooLong });

// ——— money ———

/** The one money pattern: a decimal string with at most 2 places that fits numeric(12,2). */
export const MONEY_RE = /^-?\d{1,10}(\.\d{1,2})?$/;
export const MONEY_MESSAGE = 'Enter an amount like 1500.00 (at most 2 decimals, up to 9,999,999,999.99).';

const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * What a person types into a money field, as the API takes it: "₱1,800.50" → "1800.50",
 * "1,800" → "1800". Only a leading peso sign (or "PHP"), spaces and commas that group thousands
 * go; anything else ("1,80", "abc") comes back as typed for the schema to refuse. The web's forms
 * apply it before the contract's schema (use-entity-form's `money`); the JSON API itself stays
 * strict decimal (docs/decisions/0503).
 */
export const normalizeMoneyInput = (value: string): string => {
  const bare = value
    .trim()
    .replace(/^(-?)\s*(?:₱|PHP)\s*/i, '$1')
    .replace(/\s+/g, '');
  return GROUPED.test(bare) ? bare.replace(/,/g, '') : bare;
};

/** "15000.5" → "15000.50"; the API always sends money with 2 places. */
export const toMoneyString = (value: string) => {
  const negative = value.startsWith('-');
  const [whole, frac = ''] = (negative ? value.slice(1) : value).split('.');
  return `${negative ? '-' : ''}${BigInt(whole!).toString()}.${frac.padEnd(2, '0')}`;
};

/**
 * A non-negative peso amount: a decimal string with at most 2 places (numeric(12,2) answers it
 * with 2). `acceptNumber` also takes a JSON number (15000.5) for fields whose clients send
 * numbers; `padded` writes it with 2 places ("15000.50") before it is sent or stored. `empty` is
 * the sentence for a missing or blank amount where the field says what it asks for ("Enter the
 * deposit amount."), instead of the pattern's example.
 */
export const money = (
  options: { negative?: string; invalid?: string; empty?: string; acceptNumber?: boolean; padded?: boolean } = {},
) => {
  const invalid = options.invalid ?? MONEY_MESSAGE;
  const empty = options.empty ?? invalid;
  const input = options.acceptNumber
    ? z
        .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? empty : invalid) })
        .transform((v) => (typeof v === 'number' ? String(v) : v.trim()))
    : z
        .string(options.empty ? { error: (issue) => (issue.input === undefined ? empty : undefined) } : undefined)
        .trim();
  const checked = input
    .refine((v) => v !== '', { message: empty, abort: true })
    .refine((v) => !v.startsWith('-'), { message: options.negative ?? 'The amount cannot be negative.', abort: true })
    .refine((v) => MONEY_RE.test(v), { message: invalid, abort: true });
  return checked.transform((v) => (options.padded ? toMoneyString(v) : v));
};

// ——— ids ———

/** A relation id in a JSON body: a positive int4; whether it exists is the server's 400. */
export const relationId = (what: string) =>
  z
    .number({ error: `Choose ${what}.` })
    .int(`Choose ${what}.`)
    .positive(`Choose ${what}.`)
    .max(MAX_ID, `Choose ${what}.`);

/**
 * An id in a path or query string: plain decimal digits within int4, so "0x10", "1e1" or " 16"
 * are a 400 before any query instead of quietly reaching record 16.
 */
export const idString = (message = 'Not a valid id.') =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,9}$/, { message, abort: true })
    .transform(Number)
    .refine((v) => v <= MAX_ID, message);

export const idParamsSchema = z.object({ id: idString() });

// ——— people, time, dates ———

export { optionalPhPhoneSchema as phone };

/** `HH:mm` on the 15-minute grid. */
export const timeSlotSchema = z
  .string({ error: 'Choose a time.' })
  .trim()
  .refine(isTimeSlot, 'Choose a time on the 15-minute grid (HH:mm), e.g. 09:00 or 21:30.');

/** A calendar date `YYYY-MM-DD` between 1970 and a year from now. */
export const calendarDateSchema = z
  .string({ error: 'Enter a date.' })
  .trim()
  // abort: a string that is no date gets this one sentence, not the range's as well.
  .pipe(z.iso.date({ error: 'Enter a real date as YYYY-MM-DD.', abort: true }))
  .refine((v) => v >= '1970-01-01', 'Enter a date from 1970 onwards.')
  .refine(
    (v) => v <= new Date(Date.now() + 366 * 86_400_000).toISOString().slice(0, 10),
    'Enter a date at most a year from today.',
  );

// ——— lists ———

/** `?is_active=true|false` style filters. */
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The values `?ordering=` accepts for these sortable fields: each field and its descending `-field`. */
export const orderingValues = <const F extends readonly string[]>(fields: F) =>
  fields.flatMap((f) => [f, `-${f}`]) as Array<F[number] | `-${F[number]}`>;

/**
 * `?ordering=name` or `-name,created_at`: a comma list of the list's own values, so the grid's
 * sortable columns and the server's allow-list share one source.
 */
export const orderingSchema = <const F extends readonly string[]>(fields: F) => {
  const values = orderingValues(fields);
  const allowed = new Set<string>(values);
  return z
    .string()
    .max(200)
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .refine((parts) => parts.every((p) => allowed.has(p)), `Order by one of: ${fields.join(', ')}.`)
    .transform((parts) => parts as Array<F[number] | `-${F[number]}`>);
};

export const searchSchema = text(100);

/** The longest reason a pay run or a daily report is returned with. */
export const RETURN_REASON_MAX = 500;
/**
 * The body of "return with a reason" (a submitted pay run, a submitted daily report): one rule,
 * `what` names the record in the message. A reason left out says the same as a blank one.
 */
export const returnBodySchema = (what: string) => {
  const required = `Say why the ${what} is returned.`;
  return z.object({ reason: text(RETURN_REASON_MAX, { multiline: true, required, missing: required }) });
};
