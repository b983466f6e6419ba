import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { FIELDS_MESSAGE, MESSAGES } from '@ginhawa/contract';
import { constraintError, type ConstraintSentences } from '../lib/constraints';
import { HttpError, type FieldErrors } from '../lib/http-error';
import { pgErrorCode } from '../lib/pg-errors';
import { isDatabaseUnavailable } from '../db/client';
import { redactUrl } from '../lib/logging';

const statusMessages: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'Please sign in to continue.',
  403: 'You do not have permission to do this.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  406: 'This response format is not available.',
  409: 'This conflicts with the current state of the record.',
  413: 'The request is too large.',
  415: 'This content type is not supported.',
  429: 'Too many requests. Please wait and try again.',
};

const fieldKey = (instancePath: string | undefined, missingProperty?: unknown) => {
  const key = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (typeof missingProperty === 'string') return key ? `${key}.${missingProperty}` : missingProperty;
  return key || 'non_field_errors';
};

/**
 * The one error handler: every failure leaves as `{message, errors?}`; 5xx details stay in the log.
 * `constraints` are the registered modules' sentences (modules/index.ts), given by app.ts.
 */
export const registerErrorHandling = (app: FastifyInstance, constraints: ConstraintSentences = {}) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // A race past a service's pre-check on a named unique index or foreign key: that constraint's sentence.
    const httpError = err instanceof HttpError ? err : constraintError(err, constraints);
    if (httpError) {
      if (httpError.statusCode === 401 || httpError.statusCode === 403 || httpError.statusCode === 429) {
        request.log.warn(
          { status: httpError.statusCode, url: redactUrl(request.url) },
          `refused: ${httpError.message}`,
        );
      }
      if (httpError.headers) void reply.headers(httpError.headers);
      return reply
        .code(httpError.statusCode)
        .send(
          httpError.errors ? { message: httpError.message, errors: httpError.errors } : { message: httpError.message },
        );
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: FieldErrors = {};
      const part = err.validationContext;
      for (const issue of err.validation) {
        const base = fieldKey(issue.instancePath);
        const key = part === 'querystring' || part === 'params' || part === 'body' ? base : `${part}.${base}`;
        (errors[key] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.code(400).send({ message: FIELDS_MESSAGE, errors });
    }
    if (err.validation) {
      const errors: FieldErrors = {};
      for (const issue of err.validation) {
        const key = fieldKey(issue.instancePath, issue.params?.missingProperty);
        (errors[key] ??= []).push(issue.message ?? 'Invalid value.');
      }
      return reply.code(400).send({ message: FIELDS_MESSAGE, errors });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && err.statusCode === 400)) {
      return reply.code(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ message: 'The request body is empty; send a JSON object.' });
    }
    // The database restarting or unreachable: a temporary condition, not a bug in the request.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ url: redactUrl(request.url) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    // Constraints without a sentence still get a clear answer.
    const state = pgErrorCode(err);
    if (state === '23505') return reply.code(409).send({ message: 'A record with these details already exists.' });
    if (state === '23503')
      return reply
        .code(409)
        .send({ message: 'This record is referenced by, or refers to, a record that does not exist.' });
    if (state === '40001' || state === '40P01')
      return reply.code(409).send({ message: 'Someone else changed this at the same moment. Please try again.' });
    if (
      state === '23514' ||
      state === '23502' ||
      state === '22003' ||
      state === '22P02' ||
      state === '22007' ||
      state === '22008' ||
      state === '22001'
    ) {
      return reply.code(400).send({ message: 'A value is out of range or malformed.' });
    }
    // Last line for what the contract let through: bytes PostgreSQL cannot store (NUL, \u0000 in
    // JSON, invalid UTF-8) and values past its limits are bad input, not a failure of ours.
    if (state === '22021' || state === '22P05')
      return reply
        .code(400)
        .send({ message: 'A value contains characters that cannot be stored, such as a NUL byte.' });
    if (state?.startsWith('54')) return reply.code(400).send({ message: 'A value is too large to store.' });
    if (state?.startsWith('22')) return reply.code(400).send({ message: 'A value is out of range or malformed.' });
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: statusMessages[status] ?? MESSAGES.unexpected });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
};

/** What Node's HTTP parser refuses before Fastify sees a request, and the status it gets. */
const CLIENT_ERRORS: Record<string, { status: number; text: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    text: 'Request Header Fields Too Large',
    message: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, text: 'Request Timeout', message: 'The request took too long to arrive.' },
};
const MALFORMED = { status: 400, text: 'Bad Request', message: 'The request is not valid HTTP and could not be read.' };

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (a control character in a
 * header, headers over the limit, a broken request line) gets `{message}` like every other
 * refusal, instead of Fastify's own `{error, message: "Client Error", statusCode}`. `app.inject`
 * never reaches the parser, so only a real socket shows this (the security probe in
 * docs/operations.md found it).
 */
export const answerClientError = function (this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  // A reset connection has no one left to answer (Node's docs for 'clientError').
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, text, message } = CLIENT_ERRORS[err.code ?? ''] ?? MALFORMED;
  this.log.debug({ code: err.code }, 'malformed request refused');
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
};
