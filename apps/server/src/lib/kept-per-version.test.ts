import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { keptPerVersion } from './kept-per-version';

const db = {} as Db;
const counting = () => {
  let runs = 0;
  return { compute: (value: string) => () => Promise.resolve(`${value}#${(runs += 1)}`), runs: () => runs };
};

describe('keptPerVersion', () => {
  it('computes once per key and version, and again when the version moves', async () => {
    const kept = keptPerVersion<string>(10);
    const c = counting();
    expect(await kept(db, 'a', 1, c.compute('a'))).toBe('a#1');
    expect(await kept(db, 'a', 1, c.compute('a'))).toBe('a#1');
    expect(await kept(db, 'b', 1, c.compute('b'))).toBe('b#2');
    expect(await kept(db, 'a', 2, c.compute('a'))).toBe('a#3');
    expect(c.runs()).toBe(3);
  });

  it('computes again for any other version, lower too (a version row re-created or restored counts again from below)', async () => {
    const kept = keptPerVersion<string>(10);
    const c = counting();
    await kept(db, 'a', 500, c.compute('a'));
    expect(await kept(db, 'a', 1, c.compute('a'))).toBe('a#2');
    expect(await kept(db, 'a', 1, c.compute('a'))).toBe('a#2');
    expect(c.runs()).toBe(2);
  });

  it('shares one computation between requests that arrive while it runs', async () => {
    const kept = keptPerVersion<string>(10);
    let release!: (value: string) => void;
    let runs = 0;
    const slow = () => {
      runs += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const waiting = Array.from({ length: 20 }, () => kept(db, 'a', 1, slow));
    release('board');
    expect(await Promise.all(waiting)).toEqual(Array(20).fill('board'));
    expect(runs).toBe(1);
  });

  it('forgets a computation that failed, so the next request tries again', async () => {
    const kept = keptPerVersion<string>(10);
    await expect(kept(db, 'a', 1, () => Promise.reject(new Error('connection lost')))).rejects.toThrow(
      'connection lost',
    );
    expect(await kept(db, 'a', 1, () => Promise.resolve('board'))).toBe('board');
  });

  it('keeps at most `kept` keys, dropping the oldest, and keeps databases apart', async () => {
    const kept = keptPerVersion<string>(2);
    const c = counting();
    await kept(db, 'a', 1, c.compute('a'));
    await kept(db, 'b', 1, c.compute('b'));
    await kept(db, 'c', 1, c.compute('c'));
    expect(await kept(db, 'b', 1, c.compute('b'))).toBe('b#2');
    expect(await kept(db, 'a', 1, c.compute('a'))).toBe('a#4');
    expect(await kept({} as Db, 'b', 1, c.compute('b'))).toBe('b#5');
  });
});
