/**
 * The one way a CSV comes in (clients import, store-sales-data): a text/csv body or a multipart
 * `file` part, at most 2 MB, UTF-8 (a line that is not is a 400 naming it), and a header whose
 * columns are known and named once (docs/api.md "CSV in and out").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './http-error';

export const CSV_MAX_BYTES = 2 * 1024 * 1024;
/** What browsers and spreadsheets call a CSV file when they upload one. */
const CSV_PART_TYPES = new Set(['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain']);

/** A text/csv body arrives as bytes: decoding is checked here, not guessed at by the parser. */
export const registerCsvBody = (app: FastifyInstance) =>
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CSV_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

export const isCsvUpload = (request: FastifyRequest) => Buffer.isBuffer(request.body) || request.isMultipart();

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text, or a 400 naming the first line (1 = the header) that is not UTF-8. */
export const decodeCsv = (bytes: Uint8Array): string => {
  try {
    return utf8.decode(bytes);
  } catch {
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i += 1) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      try {
        utf8.decode(bytes.subarray(start, i));
      } catch {
        break;
      }
      line += 1;
      start = i + 1;
    }
    throw badRequest(`Line ${line} of the file is not UTF-8 text.`, {
      [`line_${line}`]: ['Not UTF-8 text: save the file as "CSV UTF-8" and upload it again.'],
    });
  }
};

/** The CSV of an upload as text: a text/csv body, or a multipart part named `file` of a CSV type. */
export const readCsvUpload = async (request: FastifyRequest): Promise<string> => {
  if (Buffer.isBuffer(request.body)) return decodeCsv(request.body);
  if (!request.isMultipart())
    throw badRequest('Send the CSV as multipart/form-data in a field named "file", or as a text/csv body.', {
      file: ['Choose a CSV file.'],
    });
  const part = await request.file({ limits: { fileSize: CSV_MAX_BYTES, files: 1 } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file')
    throw badRequest('Please correct the highlighted fields.', { file: ['Choose a CSV file.'] });
  if (!CSV_PART_TYPES.has(part.mimetype.split(';')[0]!.trim().toLowerCase()))
    throw new HttpError(415, 'The file is not a CSV file.', {
      file: [`Choose a .csv file (this one is ${part.mimetype || 'of no type'}).`],
    });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'The file is larger than 2 MB.', {
        file: ['Split the file into parts of at most 2 MB.'],
      });
    throw badRequest('The upload could not be read.', { file: ['Choose a CSV file.'] });
  }
  return decodeCsv(bytes);
};

/**
 * A header row's column names (trimmed, lower case, spaces as `_`), each known and named once:
 * a repeated or unknown column is a 400 naming it, since either would silently lose a value.
 */
export const csvHeader = <C extends string>(row: string[], known: readonly C[]): C[] => {
  const names = row.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const seen = new Set<string>();
  const repeated = names.filter((n) => (seen.has(n) ? true : (seen.add(n), false)));
  const unknown = names.filter((n) => !(known as readonly string[]).includes(n));
  const problems = [
    ...(repeated.length ? [`Column(s) named twice: ${[...new Set(repeated)].join(', ')}.`] : []),
    ...(unknown.length ? [`Unknown column(s): ${unknown.map((n) => n || '(blank)').join(', ')}.`] : []),
  ];
  if (problems.length)
    throw badRequest(`The header line is not right: ${problems.join(' ')}`, {
      file: [...problems, `Use only: ${known.join(', ')}.`],
    });
  return names as C[];
};
