import { describe, expect, it } from 'vitest';
import { normalizeUrl, validateUrl } from './validate-url.js';

describe('validateUrl', () => {
  it.each([
    ['https://www.example.com/item/12', 'https://www.example.com/item/12'],
    ['http://shop.example.org', 'http://shop.example.org/'],
    ['example.com/vitamins?id=3', 'https://example.com/vitamins?id=3'],
    [' HTTPS://Example.COM ', 'https://example.com/'],
  ])('%j is a link (%j)', (value, normalized) => {
    expect(normalizeUrl(value)).toBe(normalized);
    expect(validateUrl(value)).toBeNull();
  });

  it.each([
    'not a link',
    'javascript:alert(1)',
    'ftp://example.com/file',
    'mailto:ana@example.com',
    'https://localhost:3000',
    'https://example',
    'https://exa mple.com',
    'http://',
    'https://example.c0m',
    'https://[::1]/',
    42,
  ])('%j is not a link', (value) => {
    expect(validateUrl(value)).toEqual({
      code: 'invalid_url',
      message: 'This link doesn\u2019t look like a correct URL',
    });
  });

  it('empty passes (required decides)', () => {
    expect(validateUrl('')).toBeNull();
    expect(normalizeUrl('   ')).toBeNull();
  });
});
