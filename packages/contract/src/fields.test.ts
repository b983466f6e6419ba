import { describe, expect, it } from 'vitest';
import { bankBodySchema, bankListQuerySchema, employeeListQuerySchema, userIdParamsSchema } from './admin';
import {
  FIELDS_MESSAGE,
  BROKEN_TEXT_MESSAGE,
  CONTROL_CHAR_MESSAGE,
  calendarDateSchema,
  fieldErrors,
  idParamsSchema,
  MONEY_MESSAGE,
  money,
  normalizeMoneyInput,
  orderingSchema,
  searchSchema,
  text,
} from './fields';
import { pageQuerySchema } from './pagination';
import { categoryBodySchema, priceSchema } from './services';
import { targetAmountSchema } from './admin';
import { birthdateSchema } from './client-fields';
import { returnReportBodySchema } from './reports';
import { payRunReturnBodySchema } from './payroll';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('text()', () => {
  it('trims and refuses every C0 control character and DEL on one line', () => {
    expect(text(20).parse('  Makati  ')).toBe('Makati');
    for (let code = 0; code <= 0x1f; code += 1) {
      const value = `a${String.fromCharCode(code)}b`;
      expect(messages(text(20).safeParse(value)), `U+${code.toString(16)}`).toEqual([CONTROL_CHAR_MESSAGE]);
    }
    expect(messages(text(20).safeParse('a\u007fb'))).toEqual([CONTROL_CHAR_MESSAGE]);
  });

  it('keeps tab and newlines in multiline text, and still refuses NUL and escape', () => {
    expect(text(50, { multiline: true }).parse('line one\n\tline two\r\n')).toBe('line one\n\tline two');
    expect(messages(text(50, { multiline: true }).safeParse('a\u0000b'))).toEqual([CONTROL_CHAR_MESSAGE]);
    expect(messages(text(50, { multiline: true }).safeParse('a\u001bb'))).toEqual([CONTROL_CHAR_MESSAGE]);
  });

  it('refuses half of a surrogate pair, which PostgreSQL would store as U+FFFD, and keeps whole emoji', () => {
    for (const broken of ['a\uD800b', 'a\uDC00', '\uDBFF', 'ok \uDE00 ok'])
      expect(messages(text(50, { multiline: true }).safeParse(broken)), JSON.stringify(broken)).toEqual([
        BROKEN_TEXT_MESSAGE,
      ]);
    expect(text(50).parse('Salamat po 🙏🏽 Ñoño')).toBe('Salamat po 🙏🏽 Ñoño');
  });

  it('is used by payloads and by ?search=', () => {
    const bank = bankBodySchema.safeParse({ name: 'BPI\u0000', account_name: 'Ginhawa', account_number: '1234' });
    expect(bank.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', CONTROL_CHAR_MESSAGE]]);
    expect(messages(categoryBodySchema.safeParse({ name: 'Face', description: 'a\u0007' }))).toEqual([
      CONTROL_CHAR_MESSAGE,
    ]);
    expect(messages(searchSchema.safeParse('x\u0000'))).toEqual([CONTROL_CHAR_MESSAGE]);
    expect(pageQuerySchema.safeParse({ search: 'nul\u0000' }).success).toBe(false);
    expect(pageQuerySchema.parse({ search: ' spa ' }).search).toBe('spa');
  });
});

describe('ids in paths and filters', () => {
  it('accepts plain decimals within int4', () => {
    expect(idParamsSchema.parse({ id: '16' })).toEqual({ id: 16 });
    expect(idParamsSchema.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
    expect(userIdParamsSchema.parse({ user_id: '7' })).toEqual({ user_id: 7 });
  });

  it('refuses lenient spellings that Number() would read as another record', () => {
    for (const bad of [
      '0x10',
      '1e1',
      ' 16',
      '16 ',
      '+16',
      '016',
      '16.0',
      '0',
      '-1',
      '',
      '2147483648',
      '99999999999',
      '1_6',
    ]) {
      expect(idParamsSchema.safeParse({ id: bad }).success, JSON.stringify(bad)).toBe(false);
      expect(employeeListQuerySchema.safeParse({ location: bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(messages(idParamsSchema.safeParse({ id: '0x10' }))).toEqual(['Not a valid id.']);
  });
});

describe('ordering', () => {
  it('takes a comma list of the list\u2019s own fields, ascending or descending', () => {
    expect(bankListQuerySchema.parse({ ordering: '-name,account_number' }).ordering).toEqual([
      '-name',
      'account_number',
    ]);
    expect(messages(bankListQuerySchema.safeParse({ ordering: 'password' }))).toEqual([
      'Order by one of: name, account_name, account_number, is_active, created_at, id.',
    ]);
    expect(orderingSchema(['a'] as const).safeParse('--a').success).toBe(false);
  });
});

describe('money()', () => {
  it('is one pattern: 2-place strings, no negatives, no exponent', () => {
    expect(priceSchema.parse(' 12.5 ')).toBe('12.5');
    expect(money({ padded: true }).parse('1500')).toBe('1500.00');
    expect(targetAmountSchema.parse(150000.5)).toBe('150000.50');
    expect(messages(priceSchema.safeParse('-1'))).toEqual(['The price cannot be negative.']);
    for (const bad of ['1e3', '1,500', '1.505', '₱1500', '', '12345678901'])
      expect(money().safeParse(bad).success, bad).toBe(false);
  });

  it('asks for the amount by name when it is blank or missing, and keeps the pattern for a wrong one', () => {
    const deposit = money({ acceptNumber: true, empty: 'Enter the deposit amount.' });
    expect(messages(deposit.safeParse(''))).toEqual(['Enter the deposit amount.']);
    expect(messages(deposit.safeParse('  '))).toEqual(['Enter the deposit amount.']);
    expect(messages(deposit.safeParse(undefined))).toEqual(['Enter the deposit amount.']);
    expect(messages(deposit.safeParse('1.505'))).toEqual([MONEY_MESSAGE]);
    expect(messages(money().safeParse(''))).toEqual([MONEY_MESSAGE]);
  });
});

describe('normalizeMoneyInput()', () => {
  it('takes the peso sign and thousands separators people type, and leaves the rest for the schema', () => {
    expect(normalizeMoneyInput('1,800')).toBe('1800');
    expect(normalizeMoneyInput('₱1,800.50')).toBe('1800.50');
    expect(normalizeMoneyInput(' ₱ 12,345,678.9 ')).toBe('12345678.9');
    expect(normalizeMoneyInput('PHP 950')).toBe('950');
    expect(normalizeMoneyInput('1500.00')).toBe('1500.00');
    // Not a thousands grouping: left as typed, so money() still refuses it.
    for (const odd of ['1,80', '18,00.5', 'abc'])
      expect(money().safeParse(normalizeMoneyInput(odd)).success, odd).toBe(false);
    expect(money().parse(normalizeMoneyInput('₱1,800.50'))).toBe('1800.50');
  });
});

describe('fieldErrors()', () => {
  it('is the one body for field errors', () => {
    expect(fieldErrors({ name: ['Enter a name.'] })).toEqual({
      message: FIELDS_MESSAGE,
      errors: { name: ['Enter a name.'] },
    });
    expect(FIELDS_MESSAGE).toBe('Please correct the highlighted fields.');
  });
});

describe('dates', () => {
  it('a string that is no date gets one sentence, not the range checks as well', () => {
    for (const bad of ['abc', '', ' ', '2026-02-30']) {
      expect(messages(calendarDateSchema.safeParse(bad)), bad).toEqual(['Enter a real date as YYYY-MM-DD.']);
      expect(messages(birthdateSchema.safeParse(bad)), bad).toEqual(['Enter a real date as YYYY-MM-DD.']);
    }
    expect(messages(calendarDateSchema.safeParse('1969-12-31'))).toEqual(['Enter a date from 1970 onwards.']);
    expect(messages(birthdateSchema.safeParse('2999-01-01'))).toEqual(['A birthdate cannot be in the future.']);
    expect(calendarDateSchema.parse(' 2026-11-26 ')).toBe('2026-11-26');
  });
});

describe('a return reason', () => {
  it('left out reads as a blank one, for daily reports and pay runs alike', () => {
    for (const [schema, sentence] of [
      [returnReportBodySchema, 'Say why the report is returned.'],
      [payRunReturnBodySchema, 'Say why the pay run is returned.'],
    ] as const) {
      expect(messages(schema.safeParse({}))).toEqual([sentence]);
      expect(messages(schema.safeParse({ reason: '  ' }))).toEqual([sentence]);
    }
  });
});
