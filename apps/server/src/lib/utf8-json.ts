import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error';

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** Where in a parsed body a string holds U+FFFD, the mark a bad byte left: `sales.0.reference_no`. */
const pathsWithBadText = (value: unknown, path: string[] = []): string[] => {
  if (typeof value === 'string') return value.includes('\ufffd') ? [path.join('.') || 'body'] : [];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => pathsWithBadText(v, [...path, k]));
  return [];
};

/**
 * JSON bodies are decoded strictly: bytes that are not UTF-8 are a 400 naming the field they are
 * in, instead of being stored as "�" (docs/api.md). Parsing itself stays Fastify's own.
 */
export const registerUtf8Json = (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      let fields = ['body'];
      try {
        fields = pathsWithBadText(JSON.parse(lenient.decode(bytes)));
      } catch {
        // Not JSON either: the body as a whole is named.
      }
      done(
        badRequest(
          'The request body is not UTF-8 text.',
          Object.fromEntries(fields.map((f) => [f, ['Not UTF-8 text.']])),
        ),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
};
