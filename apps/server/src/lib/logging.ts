import type { FastifyRequest } from 'fastify';

// What reaches the log must not carry what people typed or secrets: query values (search terms,
// `?token=` on the live channel), bodies, and the parameters of a failed query (Drizzle puts them
// both in `params` and in the error's message, where a password hash has been seen).

const QUERY_NAME = /^[A-Za-z_][A-Za-z0-9_[\]-]{0,31}$/;

/** The URL with every query value replaced: `/ws/notifications/?token=[redacted]`. Odd names are dropped too. */
export const redactUrl = (url: string) => {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((part) => part.split('=')[0] ?? '')
    .map((name) => (QUERY_NAME.test(name) ? `${name}=[redacted]` : '[redacted]'));
  return `${url.slice(0, q)}?${names.join('&')}`;
};

/** Fastify's default request fields, with the URL redacted. */
export const serializeRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket ? req.socket.remotePort : undefined,
});

/** Fields of errors (ours, Fastify's, the PostgreSQL drivers') that describe the failure without carrying values. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'query',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
] as const;
// Deliberately not kept: `params`, PostgreSQL's `detail` (`Key (x)=(value) …`), `where`, `hint`, any body.

export type SerializedError = { type: string; message: string; stack: string; [field: string]: unknown };

const isError = (value: unknown): value is Error =>
  value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value && 'name' in value);

/** A failed query's message without its `params: …` tail (Drizzle: "Failed query: <sql>\nparams: <values>"). */
const withoutParams = (err: Error) =>
  'params' in err ? String(err.message).replace(/\nparams: [\s\S]*$/, '') : String(err.message);

const cleanStack = (err: Error, message: string) => {
  if (typeof err.stack !== 'string') return '';
  const head = `${err.name}: ${err.message}`;
  // The stack repeats the raw message; keep the frames only when that prefix can be cut exactly.
  if (err.stack.startsWith(head)) return `${err.name}: ${message}${err.stack.slice(head.length)}`;
  return message === err.message ? err.stack : '';
};

/** pino's `err` serializer, minus values: safe fields only, the chain of causes kept (four deep). */
export const serializeError = (err: Error, depth = 0): SerializedError => {
  if (!isError(err)) return { type: typeof err, message: 'A value that is not an Error was thrown.', stack: '' };
  const message = withoutParams(err);
  const out: SerializedError = { type: err.constructor?.name || err.name, message, stack: cleanStack(err, message) };
  const record = err as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS)
    if (record[field] !== undefined && record[field] !== null) out[field] = record[field];
  if (depth < 4 && isError(err.cause)) out.cause = serializeError(err.cause, depth + 1);
  return out;
};
