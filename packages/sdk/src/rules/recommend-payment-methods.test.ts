import { describe, expect, it } from 'vitest';
import type { PaymentMethodCode } from '../constants/index.js';
import { paymentMethodOptions, recommendPaymentMethods } from './recommend-payment-methods.js';

const ALL: PaymentMethodCode[] = ['trnsx', 'nationsbenefits', 'prohealth', 'credit', 'balance'];
const DEFAULT: PaymentMethodCode[] = ['trnsx', 'prohealth', 'nationsbenefits'];

describe('recommendPaymentMethods', () => {
  it.each([
    ['cl1', ALL, ['trnsx', 'nationsbenefits', 'credit']],
    ['ep', ALL, ['trnsx', 'nationsbenefits', 'credit']],
    ['cl1', DEFAULT, ['trnsx', 'nationsbenefits']],
    ['ep', ['nationsbenefits', 'balance'], ['nationsbenefits']],
    ['uhc', ALL, ['prohealth', 'credit']],
    ['wc', ALL, ['prohealth', 'credit']],
    ['fc', ALL, ['prohealth', 'credit']],
    ['hum', ALL, ['prohealth', 'credit']],
    ['mhc', ALL, ['prohealth', 'credit']],
    ['uhp', ALL, ['prohealth', 'credit']],
    ['dev', DEFAULT, ['prohealth']],
    ['dev', ['trnsx', 'credit'], ['credit']],
    [' UHC ', ALL, ['prohealth', 'credit']],
    ['CL1', DEFAULT, ['trnsx', 'nationsbenefits']],
    ['other', ALL, ['credit']],
    ['', ALL, ['credit']],
    [null, ALL, ['credit']],
    [undefined, DEFAULT, []],
    ['cl1', [], []],
    ['uhc', ['balance'], []],
  ] as const)('plan %j with %j -> %j', (plan, supported, expected) => {
    expect(recommendPaymentMethods(plan, supported)).toEqual(expected);
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
        ['nationsbenefits', true],
        ['credit', true],
        ['prohealth', false],
        ['balance', false],
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

describe('paymentMethodOptions with the cards on file', () => {
  const all = ['trnsx', 'prohealth', 'nationsbenefits', 'credit'] as const;
  const codes = (options: { code: string }[]) => options.map((option) => option.code);

  it('puts the method of the member own card first among the recommended ones', () => {
    expect(codes(paymentMethodOptions('cl1', all, ['national']))).toEqual([
      'nationsbenefits',
      'trnsx',
      'credit',
      'prohealth',
    ]);
  });

  it('follows the order of the cards given (the active one first)', () => {
    expect(codes(paymentMethodOptions('cl1', all, ['network', 'national']))).toEqual([
      'trnsx',
      'nationsbenefits',
      'credit',
      'prohealth',
    ]);
  });

  it('never recommends a method the plan does not: a card outside the plan changes nothing', () => {
    expect(paymentMethodOptions('uhc', all, ['national'])).toEqual(paymentMethodOptions('uhc', all));
  });
});
