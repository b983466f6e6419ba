import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipAround, gzipWith } from './gzip-around';

describe('gzipWith', () => {
  it('is valid gzip of head + middle + tail, whatever the middle, compressed once around it', () => {
    const head = Buffer.from('{"location":1,"now":'.repeat(2000));
    const tail = Buffer.concat([Buffer.from(',"queue":['), randomBytes(5000), Buffer.from('x'.repeat(100_000))]);
    const parts = gzipAround(head, tail);
    // Up to 65,535 bytes the middle goes as a stored block written by hand; beyond, deflated.
    for (const middle of ['"2026-11-29T07:00:00.000Z"', '', 'a'.repeat(65_535), 'ñ'.repeat(70_000)]) {
      const bytes = Buffer.from(middle);
      const out = gzipWith(parts, bytes);
      expect(gunzipSync(out).equals(Buffer.concat([head, bytes, tail]))).toBe(true);
    }
    expect(gzipWith(parts, Buffer.from('"x"')).length).toBeLessThan((head.length + tail.length) / 5);
  });
});
