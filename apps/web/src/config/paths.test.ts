import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './paths';

describe('return-to paths', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/clients/12?tab=vouchers')).toBe('/clients/12?tab=vouchers');
  });

  it('drops other sites, protocol-relative tricks and /login itself', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/login?next=%2Fprofile',
      'profile',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(value)).toBeNull();
    }
  });

  it('builds the /login address with the page to return to', () => {
    expect(loginPathFor('/admin/menu')).toBe('/login?next=%2Fadmin%2Fmenu');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
