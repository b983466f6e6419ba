import { fieldErrors, type FieldErrors } from '@ginhawa/contract';

export type { FieldErrors };

/** A failure a person can act on: becomes `{message, errors}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400 "Please correct the highlighted fields." with the given field errors. */
export const fieldsError = (errors: FieldErrors) => {
  const body = fieldErrors(errors);
  return new HttpError(400, body.message, body.errors);
};
export const fieldError = (field: string, message: string) => fieldsError({ [field]: [message] });
/** A 400 with its own message (not about fields), e.g. "The upload could not be read." */
export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new HttpError(409, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
