import { describe, expect, it } from 'vitest';
import { missingProfileFields, type ProfileSubject } from './missing-profile-fields.js';

describe('missingProfileFields', () => {
  it.each<[string, ProfileSubject | null | undefined, readonly string[] | undefined, string[]]>([
    [
      'default fields all set',
      { id: 1, firstName: 'Ana', lastName: 'Lopez', birthdate: '1950-02-03' },
      undefined,
      [],
    ],
    ['default fields all missing', { id: 1 }, undefined, ['firstName', 'lastName', 'birthdate']],
    [
      'null, empty and blank count as missing',
      { firstName: null, lastName: '', birthdate: ' ' },
      undefined,
      ['firstName', 'lastName', 'birthdate'],
    ],
    [
      'order follows the required list',
      { id: 1 },
      ['gender', 'firstName'],
      ['gender', 'firstName'],
    ],
    [
      'false and 0 are values',
      { id: 1, isMarketingEnabled: false, count: 0 },
      ['isMarketingEnabled', 'count'],
      [],
    ],
    ['objects are values', { id: 1, insurancePlan: { code: 'ep' } }, ['insurancePlan'], []],
    ['no id does not matter here', { firstName: 'Ana' }, ['firstName'], []],
    ['no customer: everything required', null, ['gender', 'gender'], ['gender']],
  ])('%s', (_name, customer, fields, missing) => {
    expect(missingProfileFields(customer, fields)).toEqual(missing);
  });
});
