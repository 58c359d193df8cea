import { describe, expect, it } from 'vitest';
import { isProfileComplete } from './is-profile-complete.js';
import { missingProfileFields, type ProfileSubject } from './missing-profile-fields.js';
import { profileCompletionPath } from './profile-completion-path.js';
import { safeContinuePath } from './safe-continue-path.js';

const full: ProfileSubject = {
  id: 7,
  firstName: 'Ana',
  lastName: 'Lopez',
  birthdate: '1950-02-03',
  gender: null,
  insurancePlan: { code: 'uhc', name: 'UHC' },
};

describe('missingProfileFields and isProfileComplete', () => {
  it.each<
    [string, ProfileSubject | null | undefined, readonly string[] | undefined, string[], boolean]
  >([
    ['complete with the default fields', full, undefined, [], true],
    ['gender not required by default', full, ['firstName', 'lastName', 'birthdate'], [], true],
    ['gender required and null', full, ['firstName', 'gender'], ['gender'], false],
    ['empty first name', { ...full, firstName: '' }, undefined, ['firstName'], false],
    ['blank last name', { ...full, lastName: '  ' }, undefined, ['lastName'], false],
    [
      'missing birthdate key',
      { id: 7, firstName: 'Ana', lastName: 'Lopez' },
      undefined,
      ['birthdate'],
      false,
    ],
    ['plan object counts as filled', full, ['insurancePlan'], [], true],
    ['no plan', { ...full, insurancePlan: null }, ['insurancePlan'], ['insurancePlan'], false],
    ['no id: fields fine but incomplete', { ...full, id: null }, undefined, [], false],
    ['id 0 is no id', { ...full, id: 0 }, undefined, [], false],
    ['no required fields', { id: 1 }, [], [], true],
    ['duplicates listed once', { id: 1 }, ['firstName', 'firstName'], ['firstName'], false],
    ['no customer', null, undefined, ['firstName', 'lastName', 'birthdate'], false],
    ['undefined customer', undefined, ['gender'], ['gender'], false],
  ])('%s', (_name, customer, fields, missing, complete) => {
    expect(missingProfileFields(customer, fields)).toEqual(missing);
    expect(isProfileComplete(customer, fields)).toBe(complete);
  });
});

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
