import { describe, expect, it } from 'vitest';
import { safeContinuePath, safeRedirectPath } from './safe-continue-path.js';

describe('safeRedirectPath', () => {
  it.each<[string | null | undefined, string | null]>([
    ['/cart', '/cart'],
    ['/es/order/12?x=1', '/es/order/12?x=1'],
    ['/catalog?category=2&sort=price-asc', '/catalog?category=2&sort=price-asc'],
    ['/es/item/7#reviews', '/es/item/7#reviews'],
    ['/search?q=100%', '/search?q=100%'],
    ['/es/b%C3%BAsqueda', '/es/b%C3%BAsqueda'],
    ['/a/../cart', '/cart'],
    ['', null],
    [null, null],
    [undefined, null],
    ['cart', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['/ok\nSet-Cookie:x', null],
    ['/ok\u007f', null],
    ['/ok\tx', null],
    ['/ok\u0085', null],
    // Issue 8: the storefront's copy turned these into "//evil.example".
    ['/%09/evil.example', null],
    ['/\t/evil.example', null],
    ['/%0a/evil.example', null],
    ['/%0d%0aSet-Cookie:x', null],
    ['/%2509/evil.example', null],
    ['/%2F/evil.example', null],
    ['/%5Cevil.example', null],
    ['/%5C%5Cevil.example', null],
    // Issue 17: dot segments the browser removes leave "//evil.example".
    ['/.//evil.example', null],
    ['/x/..//evil.example', null],
    ['/x/../..//evil.example', null],
    ['/%2e//evil.example', null],
    ['/%2E%2E//evil.example', null],
    ['/%252e//evil.example', null],
    ['/./\\evil.example', null],
    ['/.\\/evil.example', null],
    ['/.%5C/evil.example', null],
    ['/.%09//evil.example', null],
    ['/./%2Fevil.example', null],
    ['/%2e%2e/%2e%2e//evil.example', null],
    // Harmless look-alikes stay same-site paths.
    ['/@evil.example', '/@evil.example'],
    ['/cart@evil.example', '/cart@evil.example'],
    // Fullwidth dots are no dot segments: the browser keeps them as a path segment of this site.
    ['/\uff0e\uff0e//evil.example', '/%EF%BC%8E%EF%BC%8E//evil.example'],
    ['/\uff0e/cart', '/%EF%BC%8E/cart'],
    ['/./cart', '/cart'],
  ])('%j -> %j', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe('safeContinuePath', () => {
  it.each([
    ['/cart', '/cart'],
    ['', '/'],
    [null, '/'],
    ['//evil.example', '/'],
    ['/%09/evil.example', '/'],
  ])('%j -> %j', (input, expected) => {
    expect(safeContinuePath(input)).toBe(expected);
  });

  it('uses the given fallback', () => {
    expect(safeContinuePath('//x', '/es')).toBe('/es');
  });
});
