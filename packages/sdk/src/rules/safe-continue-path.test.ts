import { describe, expect, it } from 'vitest';
import { safeContinuePath } from './safe-continue-path.js';

describe('safeContinuePath', () => {
  it.each([
    ['/cart', '/cart'],
    ['/es/order/12?x=1', '/es/order/12?x=1'],
    ['', '/'],
    [null, '/'],
    [undefined, '/'],
    ['cart', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/ok\nSet-Cookie:x', '/'],
    ['/ok\u007f', '/'],
    ['/ok\tx', '/'],
  ])('%j -> %j', (input, expected) => {
    expect(safeContinuePath(input)).toBe(expected);
  });

  it('uses the given fallback', () => {
    expect(safeContinuePath('//x', '/es')).toBe('/es');
  });
});
