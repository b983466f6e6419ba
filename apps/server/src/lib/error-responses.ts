import { errorBodySchema } from '@ginhawa/contract';

/**
 * The API's one map of error answers, all `{message, errors}` (docs/api.md): spread
 * `errorResponses` into every route's `response`, and the rarer codes beside it where a route
 * gives them (`...tooLarge` for an upload, `...unprocessable`, `...throttled`, `...insufficientStorage`).
 */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** An upload or body over its limit. */
export const tooLarge = { 413: errorBodySchema };
/** A well-formed request the server will not carry out as given (422). */
export const unprocessable = { 422: errorBodySchema };
/** The disk is too full to write (a backup). */
export const insufficientStorage = { 507: errorBodySchema };
/** Too many attempts (sign-in throttling). */
export const throttled = { 429: errorBodySchema };
