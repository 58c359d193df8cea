import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './format-date.js';
import { resolveLocaleTag } from './resolve-locale-tag.js';

describe('resolveLocaleTag and parseIsoDate', () => {
  it.each([
    ['en', 'en-US'],
    ['es', 'es-US'],
    ['es-US', 'es-US'],
    ['en-US', 'en-US'],
    ['fr', 'en-US'],
    [null, 'en-US'],
    [undefined, 'en-US'],
  ])('%j -> %j', (locale, tag) => {
    expect(resolveLocaleTag(locale)).toBe(tag);
  });

  it('parses valid dates only', () => {
    expect(parseIsoDate('2024-02-03T00:00:00Z')?.toISOString()).toBe('2024-02-03T00:00:00.000Z');
    expect(parseIsoDate('2024-13-45')).toBeNull();
  });
});
