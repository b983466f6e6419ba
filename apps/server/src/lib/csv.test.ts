import { describe, expect, it } from 'vitest';
import { csvCell, csvHeaderLine, csvLine, parseCsv } from './csv';
import { HttpError } from './http-error';
import { csvHeader, decodeCsv } from './csv-upload';

// Issue 23, honest CSV: OWASP's formula rule out, strict UTF-8 and header rules in.
describe('csvCell', () => {
  it('neutralises every text cell a spreadsheet would evaluate', () => {
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe(`'-2+3+cmd|' /C calc'!A0`);
    expect(csvCell('+1+1')).toBe(`'+1+1`);
    expect(csvCell('=SUM(A1)')).toBe(`'=SUM(A1)`);
    expect(csvCell('@cmd')).toBe(`'@cmd`);
    expect(csvCell('\tx')).toBe(`'\tx`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('-1-1')).toBe(`'-1-1`);
  });
  it('keeps plain numbers numbers and plain text as it is', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('+63')).toBe('+63');
    expect(csvCell('1500.00')).toBe('1500.00');
    expect(csvCell('Peñaflor, Ana')).toBe('"Peñaflor, Ana"');
  });
  it('starts every export with the UTF-8 BOM', () => {
    expect(csvHeaderLine(['a', 'b'])).toBe('\ufeffa,b\r\n');
  });
});

describe('CSV in', () => {
  it('names the first line that is not UTF-8', () => {
    const latin1 = Buffer.concat([
      Buffer.from('name,phone\nAna Cruz,09171234567\nPe'),
      Buffer.from([0xf1]),
      Buffer.from('aflor,\n'),
    ]);
    expect(() => decodeCsv(latin1)).toThrowError('Line 3 of the file is not UTF-8 text.');
    expect(decodeCsv(Buffer.from('name\nPeñaflor\n'))).toBe('name\nPeñaflor\n');
  });
  it('refuses a repeated or unknown column, naming it', () => {
    expect(() => csvHeader(['name', 'Name'], ['name', 'phone'])).toThrowError(/named twice: name/);
    expect(() => csvHeader(['name', 'shoe_size'], ['name', 'phone'])).toThrowError(/Unknown column\(s\): shoe_size/);
    expect(csvHeader([' Name ', 'PHONE'], ['name', 'phone'])).toEqual(['name', 'phone']);
  });
});

describe('parseCsv (csv-parse)', () => {
  it('reads quoted commas, doubled quotes and line breaks, and drops a leading BOM', () => {
    expect(parseCsv('\ufeffname,notes\r\n"Cruz, Ana","says ""hi""\ntwice"\r\n')).toEqual([
      ['name', 'notes'],
      ['Cruz, Ana', 'says "hi"\ntwice'],
    ]);
  });
  it('takes CRLF, LF and CR line ends in one file, lines of any length, and a quote inside a field as text', () => {
    expect(parseCsv('a,b\r\n1\n2,3,4\r5\n\nab"c,d')).toEqual([
      ['a', 'b'],
      ['1'],
      ['2', '3', '4'],
      ['5'],
      [''],
      ['ab"c', 'd'],
    ]);
    expect(parseCsv('')).toEqual([]);
  });
  it('reads back what the export writes, formula guard included', () => {
    const row = ['=SUM(A1)', 'Peñaflor, Ana', 'line\nbreak', '-12.50', ''];
    expect(parseCsv(csvHeaderLine(['a', 'b', 'c', 'd', 'e']) + csvLine(row))).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
      ["'=SUM(A1)", 'Peñaflor, Ana', 'line\nbreak', '-12.50', ''],
    ]);
  });
  it('answers 400 for a quote left open, instead of reading the rest of the file as one field', () => {
    let error: unknown;
    try {
      parseCsv('name,phone\n"Ana Cruz,09171234567\nBen,0917\n');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    expect((error as HttpError).errors).toEqual({
      file: [
        'A quoted field is never closed: the file ends inside it, at line 3. End the field with a double quote (").',
      ],
    });
  });
});
