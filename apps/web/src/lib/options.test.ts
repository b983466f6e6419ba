import { describe, expect, it } from 'vitest';
import { listedValue } from './options';

describe('listedValue', () => {
  const options = [{ id: 1 }, { id: 12 }];
  it('keeps a value its options include, whether a string or a number', () => {
    expect(listedValue({ value: '12', name: 'x' }, options)).toEqual({ value: '12', name: 'x' });
    expect(listedValue({ value: 1 }, options).value).toBe(1);
  });
  it('blanks a value the options do not include yet, or while they load', () => {
    expect(listedValue({ value: '2', name: 'x' }, options)).toEqual({ value: '', name: 'x' });
    expect(listedValue({ value: '1' }, undefined).value).toBe('');
    expect(listedValue({ value: '' }, undefined).value).toBe('');
  });
});
