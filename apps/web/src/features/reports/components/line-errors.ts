import type { FieldErrors } from '../../../lib/api-client';

export type LineError = { line: number | null; field: string; messages: string[] };

/**
 * The import's refusal as sentences per line: the JSON form's `sales.<i>.<field>` is line i + 1;
 * a CSV's `line_<n>.<field>` is already the file's line number (the header is line 1).
 */
export const lineErrors = (errors: FieldErrors): LineError[] =>
  Object.entries(errors)
    .map(([path, messages]) => {
      const json = /^sales\.(\d+)\.?(.*)$/.exec(path);
      if (json) return { line: Number(json[1]) + 1, field: json[2] ?? '', messages };
      const csv = /^line_(\d+)\.?(.*)$/.exec(path);
      if (csv) return { line: Number(csv[1]), field: csv[2] ?? '', messages };
      return { line: null, field: path === 'non_field_errors' ? '' : path, messages };
    })
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));

/** The errors of one form line's field (`sales.<index>.<field>`). */
export const fieldErrorOf = (errors: FieldErrors, index: number, field: string): string | undefined =>
  errors[`sales.${index}.${field}`]?.join(' ');
