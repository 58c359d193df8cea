import { describe, expect, it } from 'vitest';
import { isTokenExpired, readTokenExpiry } from './jwt.js';

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('token expiry', () => {
  it('reads exp from a base64url payload, including non-ASCII claims', () => {
    const token = `${part({ alg: 'HS256' })}.${part({ exp: 1_700_000_000, username: 'José ñ ÿ?>' })}.sig`;
    expect(readTokenExpiry(token)).toBe(1_700_000_000);
  });

  it('returns undefined for tokens it cannot read', () => {
    expect(readTokenExpiry('opaque')).toBeUndefined();
    expect(readTokenExpiry('a.%%%.c')).toBeUndefined();
    expect(readTokenExpiry(`a.${part({ exp: 'soon' })}.c`)).toBeUndefined();
    expect(readTokenExpiry(`a.${part(null)}.c`)).toBeUndefined();
  });

  it('judges expiry with a skew and leaves unreadable tokens to the server', () => {
    const token = `a.${part({ exp: 1000 })}.c`;
    expect(isTokenExpired(token, 989_000, 10)).toBe(false);
    expect(isTokenExpired(token, 990_000, 10)).toBe(true);
    expect(isTokenExpired(token, 1_001_000, 0)).toBe(true);
    expect(isTokenExpired('opaque', Number.MAX_SAFE_INTEGER, 10)).toBe(false);
  });
});
