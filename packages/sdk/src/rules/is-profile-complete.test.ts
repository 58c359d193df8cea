import { describe, expect, it } from 'vitest';
import { isProfileComplete } from './is-profile-complete.js';
import { missingProfileFields, type ProfileSubject } from './missing-profile-fields.js';

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
