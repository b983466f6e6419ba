import fc from 'fast-check';

/**
 * Request generators for the fuzz (fuzz.test.ts, docs/decisions/0011): every operation of the
 * OpenAPI document the app publishes becomes an arbitrary of hostile requests, so a route added
 * later is fuzzed without anyone writing a line for it. The values are chosen to be mostly
 * plausible (so the request gets past the first check) with one or more fields replaced by what a
 * careless client or an attacker sends.
 */

/** The subset of OpenAPI 3.0 / JSON Schema the generators read. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema };
type RawOperation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
export type OpenApiDocument = {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As in the document, e.g. `/api/banks/{id}/`. */
  path: string;
  pathParams: string[];
  query: Parameter[];
  /** The JSON body's schema; absent when the operation takes none (or only multipart). */
  body?: JsonSchema;
  /** Whether the operation reads a body at all (JSON or multipart). */
  takesBody: boolean;
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation of the document (HEAD and OPTIONS are Fastify's own). */
export const operationsOf = (doc: OpenApiDocument): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.has(method.toUpperCase()))
      .map(([method, op]): Operation => {
        const params = op.parameters ?? [];
        const json = op.requestBody?.content?.['application/json']?.schema;
        return {
          method: method.toUpperCase() as Operation['method'],
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
          query: params.filter((p) => p.in === 'query'),
          body: json,
          takesBody: op.requestBody !== undefined || method.toUpperCase() === 'POST',
        };
      }),
  );

// ——— hostile values ———

const CONTROL = [
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0008',
  '\r',
  '\u000b',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\ud800',
];
/** 100 KB: far past every max length, near the body limit. */
const HUGE = 'x'.repeat(100_000);
const HUGE_DIGITS = '9'.repeat(100_000);

/** Strings that have broken servers somewhere: control characters, encodings, injection, sizes. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'bell\u0007',
    '\u001b[31mred\u001b[0m',
    'del\u007f',
    'tab\there',
    'line\nbreak',
    '%00',
    '\\u0000',
    "' or '1'='1",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '${7*7}',
    '𝕏🙂',
    '\ud800',
    'NaN',
    'null',
    'true',
    '-0',
    '1e400',
    HUGE,
    HUGE_DIGITS,
  ),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Ids as they must not be read: hex, exponent, padded, negative, past int4, fractional, not digits. */
export const ODD_IDS = [
  '0x10',
  '1e1',
  ' 16',
  '16 ',
  '+16',
  '016',
  '-1',
  '0',
  '3000000000',
  '2147483648',
  '1.5',
  '16.0',
  'abc',
  '',
  '\u0000',
  '1\u0000',
  '１６',
  'NaN',
  'Infinity',
  HUGE_DIGITS,
];
/** Well-formed ids of rows that do not exist, so the body is checked and the service asked. */
const ABSENT_IDS = ['999999', '2147483647', '123456'];

export const pathId: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS) },
  { weight: 3, arbitrary: fc.constantFrom(...ABSENT_IDS) },
);

const nastyNumber = fc.constantFrom(
  0,
  -1,
  1.5,
  3000000000,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
);

/** `{"a":{"a":…}}` or `[[[…]]]` this deep. */
const nested = (depth: number, array: boolean): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = array ? [value] : { a: value };
  return value;
};

/** Anything at all, in place of a field: the wrong type, null, huge, deeply nested. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(
    null,
    true,
    false,
    [],
    {},
    [null],
    { __proto__: { polluted: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.constantFrom(64, 1000).chain((depth) => fc.boolean().map((array) => nested(depth, array))),
  fc.array(nastyString, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const resolve = (doc: OpenApiDocument, schema: JsonSchema): JsonSchema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
};

/** One arbitrary per pattern (as SHORT_STRING below): the same patterns come back in every case. */
const matchingByPattern = new Map<string, fc.Arbitrary<string>[]>();

/** A pattern's own strings (so the check after it is reached); none when JavaScript cannot read it. */
const matching = (pattern: string | undefined): fc.Arbitrary<string>[] => {
  if (!pattern) return [];
  let arbitraries = matchingByPattern.get(pattern);
  if (arbitraries === undefined) {
    try {
      arbitraries = [fc.stringMatching(new RegExp(pattern))];
    } catch {
      arbitraries = [];
    }
    matchingByPattern.set(pattern, arbitraries);
  }
  return arbitraries;
};

/**
 * Built once, not per field and case: fast-check works out each new string arbitrary's dangerous
 * slices when it is first generated from, and an arbitrary draws the same values wherever it is used.
 */
const SHORT_STRING = fc.string({ maxLength: 20 });
const ANY_OBJECT = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

const plausibleString = (schema: JsonSchema): fc.Arbitrary<string> => {
  const samples = [
    'Matrix',
    'fuzz value',
    '2025-01-06',
    '10:00',
    '09171234567',
    '150000.00',
    'a@b.example',
    '/clients/1',
    '12345678',
  ];
  if (schema.format === 'date') samples.push('2025-02-30', '2025-13-01');
  // Right at the limits, and one past them.
  if (schema.maxLength !== undefined && schema.maxLength <= 10_000)
    samples.push('a'.repeat(schema.maxLength), 'é'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1));
  if (schema.minLength) samples.push('a'.repeat(schema.minLength - 1));
  return fc.oneof(fc.constantFrom(...samples), SHORT_STRING, ...matching(schema.pattern));
};

const INT4 = 2_147_483_647;

/** A number the schema allows, mostly small (ids and amounts of a fresh database), sometimes at a bound. */
const plausibleNumber = (schema: JsonSchema): fc.Arbitrary<number> => {
  const min = Math.max(schema.minimum ?? -INT4, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? INT4, Number.MAX_SAFE_INTEGER);
  const small = fc.integer({ min: Math.max(min, -5), max: Math.max(Math.min(max, 50), Math.max(min, -5)) });
  const edges = fc.constantFrom(min, max);
  return schema.type === 'number'
    ? fc.oneof(small, edges, fc.double({ noNaN: true, noDefaultInfinity: true, min, max }))
    : fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: edges });
};

/** How often one field or parameter is replaced by a hostile value: rare enough that the others usually pass. */
const HOSTILE_WEIGHT = 1;
const VALID_WEIGHT = 12;

/**
 * A value `schema` allows, or close to it (strings at their length limits, numbers at their
 * bounds), with each leaf replaced by a hostile value now and then: one bad field among valid
 * ones reaches the check for that field, and a fully valid body reaches the service.
 */
export const valueFor = (doc: OpenApiDocument, raw: JsonSchema, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: VALID_WEIGHT, arbitrary: plausibleFor(doc, raw, depth) },
    { weight: HOSTILE_WEIGHT, arbitrary: hostileFor(doc, raw) },
  );

const hostileFor = (doc: OpenApiDocument, raw: JsonSchema): fc.Arbitrary<unknown> => {
  const schema = resolve(doc, raw);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number')
    return fc.oneof(nastyNumber, fc.constantFrom('16', '0x10', '1e1', ' 16', '1.5'), wrongValue);
  if (type === 'string') return fc.oneof(nastyString, wrongValue);
  return wrongValue;
};

const plausibleFor = (doc: OpenApiDocument, raw: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
  const schema = resolve(doc, raw);
  if (depth > 4) return wrongValue;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(doc, v, depth + 1)));
  if (schema.allOf?.length) return valueFor(doc, schema.allOf[0]!, depth + 1);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  let shaped: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      shaped = plausibleString(schema);
      break;
    case 'integer':
    case 'number':
      shaped = plausibleNumber(schema);
      break;
    case 'boolean':
      shaped = fc.boolean();
      break;
    case 'array':
      shaped = fc.array(schema.items ? valueFor(doc, schema.items, depth + 1) : wrongValue, { maxLength: 4 });
      break;
    case 'null':
      shaped = fc.constant(null);
      break;
    case 'object':
    case undefined:
      shaped = schema.properties ? objectFor(doc, schema, depth) : ANY_OBJECT;
      break;
    default:
      shaped = wrongValue;
  }
  return schema.nullable ? fc.option(shaped, { freq: 6 }) : shaped;
};

const objectFor = (doc: OpenApiDocument, schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> => {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const model = Object.fromEntries(names.map((name) => [name, valueFor(doc, properties[name]!, depth + 1)]));
  const required = (schema.required ?? []).filter((name) => names.includes(name));
  return fc
    .tuple(
      fc.record(model, { requiredKeys: required }),
      // Now and then a required field goes missing, or an unknown one comes along.
      required.length ? fc.option(fc.constantFrom(...required), { freq: 6 }) : fc.constant(null),
      fc.option(
        fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'created_at', '\u0000'), wrongValue),
        { freq: 6 },
      ),
    )
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...value };
      if (drop !== null) delete out[drop];
      if (extra)
        Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
      return out;
    });
};

// ——— whole requests ———

export type FuzzBody =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string; contentType: string };

/** A body: the declared shape gone wrong, something else entirely, or bytes that are not JSON. */
export const bodyFor = (doc: OpenApiDocument, op: Operation): fc.Arbitrary<FuzzBody> => {
  if (!op.takesBody) return fc.constant<FuzzBody>({ kind: 'none' });
  // The body itself is of the declared shape (its fields may not be): the whole-body mistakes come below.
  const shaped = op.body ? plausibleFor(doc, op.body, 0) : wrongValue;
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: wrongValue.map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,]',
            "{'a':1}",
            'null',
            '""',
            '\u0000',
            `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
            `{"s":"${HUGE}"}`,
            '{"a":1}garbage',
            '\ufeff{}',
          ),
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'application/json; charset=latin1',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
          ),
        )
        .map(([payload, contentType]): FuzzBody => ({ kind: 'raw', payload, contentType })),
    },
  );
};

/** Each byte as it goes into a URL: unreserved characters as they are, the rest as `%XX`. */
const ENCODED_BYTE = Array.from({ length: 256 }, (_, b) =>
  /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
    ? String.fromCharCode(b)
    : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
);

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
export const percentEncode = (value: string) => {
  const bytes = Buffer.from(value, 'utf8');
  let out = '';
  for (const b of bytes) out += ENCODED_BYTE[b]!;
  return out;
};

/** Query text that is not even well-formed: broken percent escapes, overlong UTF-8, odd separators. */
const RAW_QUERY = [
  '%',
  '%zz',
  'search=%E0%A4%A',
  'search=%00',
  'search=%C0%80',
  'search=%FF%FE',
  'a[b]=c',
  '&&&',
  '=x',
  'page=1&page=2&page=%00',
];

const stringify = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Query parameter values: the declared ones gone wrong, repeated, or unknown ones. */
export const queryFor = (doc: OpenApiDocument, op: Operation): fc.Arbitrary<[string, string][]> => {
  const oddQueryValue = fc.oneof(
    nastyString,
    fc.constantFrom(
      '0',
      '-1',
      '1e1',
      '0x10',
      ' 1',
      '1.5',
      '3000000000',
      '100000',
      'perhaps',
      ',',
      '-',
      '-id,,id',
      'id,-id,' + 'name,'.repeat(50),
    ),
  );
  const declared = op.query.map((param) =>
    fc.option(
      fc
        .oneof(
          {
            weight: VALID_WEIGHT,
            arbitrary: param.schema ? valueFor(doc, param.schema).map(stringify) : oddQueryValue,
          },
          { weight: HOSTILE_WEIGHT, arbitrary: oddQueryValue },
        )
        .chain((value) =>
          // Repeated parameters arrive as arrays.
          fc.nat(9).map((n): [string, string][] =>
            n === 0
              ? [
                  [param.name, value],
                  [param.name, value],
                ]
              : [[param.name, value]],
          ),
        ),
      { freq: 2 },
    ),
  );
  return fc
    .tuple(
      fc.tuple(...declared),
      fc.option(fc.tuple(fc.constantFrom('unknown', '__proto__', 'page[', ''), oddQueryValue), { freq: 4 }),
    )
    .map(([pairs, extra]) => [...pairs.flatMap((p) => p ?? []), ...(extra ? [extra] : [])]);
};

export type FuzzRequest = { url: string; body: FuzzBody };

/** One hostile request to `op`. */
export const requestFor = (doc: OpenApiDocument, op: Operation): fc.Arbitrary<FuzzRequest> =>
  fc
    .tuple(
      fc.tuple(...op.pathParams.map(() => pathId)),
      queryFor(doc, op),
      fc.option(fc.constantFrom(...RAW_QUERY), { freq: 12 }),
      bodyFor(doc, op),
    )
    .map(([ids, query, raw, body]) => {
      let path = op.path;
      op.pathParams.forEach((name, i) => {
        path = path.replace(`{${name}}`, percentEncode(ids[i] ?? ''));
      });
      const search = [
        ...query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`),
        ...(raw === null ? [] : [raw]),
      ].join('&');
      return { url: search ? `${path}?${search}` : path, body };
    });
