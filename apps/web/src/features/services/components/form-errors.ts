import type { ZodError } from 'zod';
import { toApiError } from '../../../lib/api-client';

/** Messages under fields, plus `form` for a failure no field carries. */
export type FormErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** The first message per field from the shared contract schema, before anything is sent. */
export const zodErrors = <F extends string>(error: ZodError, fields: readonly F[]): FormErrors<F> => {
  const result: FormErrors<F> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && !result[field]) result[field] = issue.message;
    else if (!fields.includes(field) && !result.form) result.form = issue.message;
  }
  return result;
};

/**
 * The server's `{message, errors}`: field messages under their fields (`categories.0` counts as
 * `categories`); messages for fields this form does not show, or the message itself when no field
 * carries the reason, at the top.
 */
export const serverErrors = <F extends string>(err: unknown, fields: readonly F[]): FormErrors<F> => {
  const apiError = toApiError(err);
  const result: FormErrors<F> = {};
  const elsewhere: string[] = [];
  for (const [key, messages] of Object.entries(apiError.errors)) {
    const field = key.split('.')[0] as F;
    if (fields.includes(field)) result[field] = [result[field], ...messages].filter(Boolean).join(' ');
    else elsewhere.push(...messages);
  }
  if (elsewhere.length) result.form = elsewhere.join(' ');
  else if (!fields.some((f) => result[f])) result.form = apiError.message;
  return result;
};
