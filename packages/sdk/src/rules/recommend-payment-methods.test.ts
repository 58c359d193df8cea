import { describe, expect, it } from 'vitest';
import { PLAN_CODES, type PaymentMethodCode } from '../constants/index.js';
import { paymentMethodOptions, recommendPaymentMethods } from './recommend-payment-methods.js';

const ALL: PaymentMethodCode[] = ['trnsx', 'nationsbenefits', 'prohealth', 'credit', 'balance'];
const DEFAULT: PaymentMethodCode[] = ['trnsx', 'prohealth', 'nationsbenefits'];

describe('recommendPaymentMethods', () => {
  it.each([
    ['cl1', ALL, ['trnsx', 'credit']],
    ['ep', ALL, ['nationsbenefits', 'credit']],
    ['cl1', DEFAULT, ['trnsx']],
    ['ep', DEFAULT, ['nationsbenefits']],
    ['ep', ['nationsbenefits', 'balance'], ['nationsbenefits']],
    // The plan's own card method only: no other card stands in for it.
    ['ep', ['trnsx', 'prohealth'], []],
    ['cl1', ['nationsbenefits', 'credit'], ['credit']],
    ['uhc', ALL, ['prohealth', 'credit']],
    ['wc', ALL, ['prohealth', 'credit']],
    ['fc', ALL, ['prohealth', 'credit']],
    ['hum', ALL, ['prohealth', 'credit']],
    ['mhc', ALL, ['prohealth', 'credit']],
    ['uhp', ALL, ['prohealth', 'credit']],
    ['dev', DEFAULT, ['prohealth']],
    ['dev', ['trnsx', 'credit'], ['credit']],
    [' UHC ', ALL, ['prohealth', 'credit']],
    ['CL1', DEFAULT, ['trnsx']],
    ['constructor', ALL, ['credit']],
    ['__proto__', DEFAULT, []],
    ['other', ALL, ['credit']],
    ['', ALL, ['credit']],
    [null, ALL, ['credit']],
    [undefined, DEFAULT, []],
    ['cl1', [], []],
    ['uhc', ['balance'], []],
  ] as const)('plan %j with %j -> %j', (plan, supported, expected) => {
    expect(recommendPaymentMethods(plan, supported)).toEqual(expected);
  });

  it('recommends at most one method for any plan, never the network and the national card at once', () => {
    for (const plan of [...PLAN_CODES, 'other', null]) {
      const forPlan = recommendPaymentMethods(plan, ALL).filter((code) => code !== 'credit');
      expect(forPlan.length, String(plan)).toBeLessThanOrEqual(1);
    }
    for (const plan of PLAN_CODES) {
      expect(recommendPaymentMethods(plan, ALL)).toHaveLength(2);
    }
  });

  it('never recommends balance', () => {
    for (const plan of ['cl1', 'ep', 'uhc', 'dev', null]) {
      expect(recommendPaymentMethods(plan, ALL)).not.toContain('balance');
    }
  });
});

describe('paymentMethodOptions', () => {
  it.each([
    [
      'cl1',
      ALL,
      [
        ['trnsx', true],
        ['credit', true],
        ['nationsbenefits', false],
        ['prohealth', false],
        ['balance', false],
      ],
    ],
    [
      'ep',
      DEFAULT,
      [
        ['nationsbenefits', true],
        ['trnsx', false],
        ['prohealth', false],
      ],
    ],
    [
      'uhc',
      DEFAULT,
      [
        ['prohealth', true],
        ['trnsx', false],
        ['nationsbenefits', false],
      ],
    ],
    [
      null,
      ['balance', 'trnsx', 'balance'],
      [
        ['balance', false],
        ['trnsx', false],
      ],
    ],
  ] as const)('plan %j with %j', (plan, supported, expected) => {
    expect(paymentMethodOptions(plan, supported)).toEqual(
      expected.map(([code, recommended]) => ({ code, recommended })),
    );
  });
});
