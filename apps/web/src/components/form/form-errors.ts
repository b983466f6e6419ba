import type { ZodError } from 'zod';
import { toApiError } from '../../lib/api-client';

/** Messages under fields, plus `form` for a failure no field carries. */
export type FormErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** A field of this form for an error key: the key itself (`account.username`), else its first part (`groups.0` → `groups`). */
const fieldFor = <F extends string>(key: string, fields: readonly F[]): F | null => {
  if ((fields as readonly string[]).includes(key)) return key as F;
  const first = key.split('.')[0] ?? '';
  return (fields as readonly string[]).includes(first) ? (first as F) : null;
};

/** The first message per field from the shared contract schema, before anything is sent. */
export const zodErrors = <F extends string>(error: ZodError, fields: readonly F[]): FormErrors<F> => {
  const result: FormErrors<F> = {};
  for (const issue of error.issues) {
    const field = fieldFor(issue.path.map(String).join('.'), fields);
    if (field && !result[field]) result[field] = issue.message;
    else if (!field && !result.form) result.form = issue.message;
  }
  return result;
};

/**
 * The server's `{message, errors}`: field messages under their fields; messages for fields this
 * form does not show, or the message itself when no field carries the reason, at the top.
 */
export const serverErrors = <F extends string>(err: unknown, fields: readonly F[]): FormErrors<F> => {
  const apiError = toApiError(err);
  const result: FormErrors<F> = {};
  const elsewhere: string[] = [];
  for (const [key, messages] of Object.entries(apiError.errors)) {
    const field = fieldFor(key, fields);
    if (field) result[field] = [result[field], ...messages].filter(Boolean).join(' ');
    else elsewhere.push(...messages);
  }
  if (elsewhere.length) result.form = elsewhere.join(' ');
  else if (!fields.some((f) => result[f])) result.form = apiError.message;
  return result;
};
