import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. @fastify/helmet called `helmet(options)` on
 * every request, which validates and serialises every directive again (issue 35's profile: a share
 * of each small response's CPU); with static directives (no nonces, no per-request functions) the
 * answer is the same every time, so it is captured here once from helmet itself.
 */
export const helmetHeaders = (options: HelmetOptions): Readonly<Record<string, string>> => {
  const headers: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, capture as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
};

/** Every response carries helmet's headers for `options` (errors and 404s included), built once. */
export const registerSecurityHeaders = (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};
