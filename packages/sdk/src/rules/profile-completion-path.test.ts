import { describe, expect, it } from 'vitest';
import { profileCompletionPath } from './profile-completion-path.js';

describe('profileCompletionPath', () => {
  it.each<[readonly string[], string, { locale?: 'en' | 'es' } | undefined, string]>([
    [
      ['firstName', 'birthdate'],
      '/cart',
      undefined,
      '/account/complete?fields=firstName,birthdate&continue=/cart',
    ],
    [
      ['lastName'],
      '/es/checkout/12',
      undefined,
      '/account/complete?fields=lastName&continue=/es/checkout/12',
    ],
    [
      ['lastName'],
      '/es/checkout/12',
      { locale: 'es' },
      '/es/account/complete?fields=lastName&continue=/es/checkout/12',
    ],
    [
      ['gender'],
      '/catalog?category=3&page=2',
      { locale: 'en' },
      '/account/complete?fields=gender&continue=/catalog%3Fcategory%3D3%26page%3D2',
    ],
    [
      ['firstName'],
      '/item/5#reviews',
      undefined,
      '/account/complete?fields=firstName&continue=/item/5%23reviews',
    ],
    [[], '/', undefined, '/account/complete?fields=&continue=/'],
    [
      ['firstName'],
      'https://evil.example/x',
      undefined,
      '/account/complete?fields=firstName&continue=/',
    ],
    [['a b'], '/cart', undefined, '/account/complete?fields=a%20b&continue=/cart'],
  ])('%j then %j (%j)', (missing, next, options, expected) => {
    expect(profileCompletionPath(missing, next, options)).toBe(expected);
  });

  it('round-trips through URLSearchParams', () => {
    const path = profileCompletionPath(
      ['firstName', 'lastName'],
      '/es/catalog?sort=price-asc&plan=uhc',
    );
    const query = new URLSearchParams(path.split('?')[1]);
    expect(query.get('fields')).toBe('firstName,lastName');
    expect(query.get('continue')).toBe('/es/catalog?sort=price-asc&plan=uhc');
  });
});
