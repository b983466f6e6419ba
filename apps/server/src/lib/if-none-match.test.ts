import { describe, expect, it } from 'vitest';
import { ifNoneMatch } from './if-none-match';

describe('ifNoneMatch', () => {
  it('matches the tag among several, weak or strong, or *', () => {
    expect(ifNoneMatch('"a"', '"a"')).toBe(true);
    expect(ifNoneMatch('"x", W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatch(['"x"', ' "a" '], '"a"')).toBe(true);
    expect(ifNoneMatch('*', '"a"')).toBe(true);
  });
  it('does not match another tag, an unquoted one or none', () => {
    expect(ifNoneMatch(undefined, '"a"')).toBe(false);
    expect(ifNoneMatch('"a-gzip"', '"a"')).toBe(false);
    expect(ifNoneMatch('a', '"a"')).toBe(false);
    expect(ifNoneMatch('', '"a"')).toBe(false);
  });
});
