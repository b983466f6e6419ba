import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import type { Agent } from './build';
import { wrongValue } from './fuzz-requests';

/**
 * Property tests of one module's routes with a real caller (the branch's desk, its Manager): a body
 * that would be accepted, with one to three of its fields (nested ones too: `deposit.amount`)
 * replaced by what a careless client or an attacker sends, or left out. The whole-API fuzz
 * (fuzz.test.ts) sends such values as Admin to bodies mostly refused early; these reach the
 * services' own rules (a branch's hours, a deposit against a price, a cutoff that has not started).
 */

/** Money, days and times just past what a field takes, beside the fuzz's wrong values. */
const edge: fc.Arbitrary<unknown> = fc.constantFrom(
  '100.005',
  '0.001',
  '-0.01',
  '-1200.00',
  '9999999999.99',
  '10000000000.00',
  '99999999999999999999.99',
  '1e3',
  '1,200.00',
  '１２００.00',
  ' 1200.00 ',
  100.005,
  -1,
  1e21,
  2147483648,
  '0001-01-01',
  '1969-12-31',
  '2100-12-31',
  '9999-12-31',
  '2026-02-30',
  '+275760-09-13',
  '24:00',
  '23:59',
  '12:07',
  'a\u0000b',
  '\ud800',
  '𝕏🙂 ñ',
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: edge }, wrongValue);

type Json = Record<string, unknown>;

/** Every leaf's path in a body: `deposit.amount` for a nested object's field. */
const pathsOf = (body: Json, prefix = ''): string[] =>
  Object.entries(body).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? [`${prefix}${key}`, ...pathsOf(value as Json, `${prefix}${key}.`)]
      : [`${prefix}${key}`],
  );

const withChange = (body: Json, path: string, value: unknown, drop: boolean): Json => {
  const [head, ...rest] = path.split('.');
  const copy = { ...body };
  if (rest.length === 0) {
    if (drop) delete copy[head!];
    else copy[head!] = value;
  } else copy[head!] = withChange((body[head!] as Json) ?? {}, rest.join('.'), value, drop);
  return copy;
};

/** `body` with one to three fields replaced by hostile values or left out. */
export const hostileBody = (body: Json): fc.Arbitrary<Json> =>
  fc
    .array(fc.tuple(fc.constantFrom(...pathsOf(body)), hostileValue, fc.boolean()), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce((b, [path, value, drop]) => withChange(b, path, value, drop), body));

/** A query string of `params` (each plausible value or a hostile one), URL-encoded. */
export const hostileQuery = (params: Record<string, string>): fc.Arbitrary<string> =>
  fc.array(fc.tuple(fc.constantFrom(...Object.keys(params)), hostileValue), { maxLength: 3 }).map((changes) => {
    const q = new URLSearchParams(params);
    for (const [key, value] of changes)
      q.set(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? '').slice(0, 2000));
    return q.toString();
  });

const REFUSALS = [400, 403, 404, 409, 413, 422, 429];

/**
 * Never a 5xx; a refusal is one of the API's codes with `{message, errors?}` (docs/api.md): a
 * sentence, and field errors as lists of sentences; a 400 on fields names them.
 */
export const expectCleanAnswer = (res: LightMyRequestResponse, what: string) => {
  const said = `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, said).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(REFUSALS, said).toContain(res.statusCode);
  expect(String(res.headers['content-type']), said).toMatch(/^application\/json/);
  const body = res.json() as { message?: unknown; errors?: unknown };
  expect(typeof body.message === 'string' && body.message.length > 0, said).toBe(true);
  if (body.errors !== undefined) {
    const fields = Object.values(body.errors as Record<string, unknown>);
    expect(fields.length, said).toBeGreaterThan(0);
    for (const messages of fields)
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string' && m !== ''), said).toBe(true);
  }
  if (body.message === 'Please correct the highlighted fields.') expect(body.errors, said).toBeDefined();
};

const describeBody = (body: unknown) => (JSON.stringify(body) ?? '').slice(0, 400);

/** A write the module takes as it stands (`body`), sent by `as`. */
export type WriteSpec = {
  as: () => Agent;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  body: () => Record<string, unknown>;
};
/** A read and the query it takes. */
export type ReadSpec = { as: () => Agent; url: () => string; query: () => Record<string, string> };
type Runs = { numRuns: number; seed: number };

/** Every write, with hostile fields: a clean answer each time (expectCleanAnswer). */
const assertWritesAnswerCleanly = (writes: WriteSpec[], runs: Runs) =>
  fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...writes).chain((spec) => hostileBody(spec.body()).map((body) => ({ spec, body }))),
      async ({ spec, body }) => {
        const res = await spec.as().request({ method: spec.method, url: spec.url(), payload: body });
        expectCleanAnswer(res, `${spec.method} ${spec.url()} ${describeBody(body)}`);
      },
    ),
    { ...runs, endOnFailure: true },
  );

/** Every read, with hostile query strings: a clean answer each time. */
const assertReadsAnswerCleanly = (reads: ReadSpec[], runs: Runs) =>
  fc.assert(
    fc.asyncProperty(
      fc
        .constantFrom(...reads)
        .chain((read) => hostileQuery(read.query()).map((q) => ({ read, url: `${read.url()}?${q}` }))),
      async ({ read, url }) => {
        expectCleanAnswer(await read.as().request({ method: 'GET', url }), `GET ${url.slice(0, 300)}`);
      },
    ),
    { ...runs, endOnFailure: true },
  );

/**
 * A module's two properties: its writes with hostile bodies, its reads with hostile query strings.
 * 50 cases each with the module's fixed seed, so CI is reproducible; `FUZZ_RUNS=2000 FUZZ_SEED=…`
 * looks further, as `npm run fuzz` does for the whole API.
 */
export const itAnswersHostileRequestsCleanly = (what: string, writes: WriteSpec[], reads: ReadSpec[], seed: number) => {
  const runs = { numRuns: Number(process.env.FUZZ_RUNS ?? 50), seed: Number(process.env.FUZZ_SEED ?? seed) };
  it(
    `answers hostile bodies on every ${what} write without a 5xx, and refusals as {message, errors}`,
    () => assertWritesAnswerCleanly(writes, runs),
    60_000,
  );
  it(
    `answers hostile query strings on every ${what} read the same way`,
    () => assertReadsAnswerCleanly(reads, runs),
    60_000,
  );
};
