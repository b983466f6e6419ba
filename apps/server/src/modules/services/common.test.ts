import { describe, expect, it } from 'vitest';
import { nameList, plural } from './common';

describe('nameList and plural', () => {
  it('shortens long lists', () => {
    expect(nameList(['Gold'], 1)).toBe('Gold');
    expect(nameList(['Gold', 'Silver', 'Bronze'], 5)).toBe('Gold, Silver, Bronze and 2 more');
    expect(plural(1, 'treatment')).toBe('1 treatment');
    expect(plural(2, 'membership is', 'memberships are')).toBe('2 memberships are');
  });
});
