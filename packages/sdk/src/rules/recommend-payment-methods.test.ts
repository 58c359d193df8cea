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

const network = { type: 'network' } as const;
const national = { type: 'national' } as const;
const s3 = { type: 's3' } as const;
/** The offered codes, the recommended one marked with a star. */
const shown = (choices: { options: { code: string; recommended: boolean }[] }) =>
  choices.options.map((option) => (option.recommended ? `${option.code}*` : option.code));

describe('paymentMethodOptions (issue 33: one recommendation)', () => {
  const DEMO: PaymentMethodCode[] = ['trnsx', 'prohealth', 'nationsbenefits'];

  it.each([
    // The demo members with the default settings: their own card's method, alone recommended.
    ['network demo (cl1, network card)', 'cl1', { activeInsuranceCard: network, insuranceCards: [network] }, ['trnsx*', 'nationsbenefits']],
    ['national demo (ep, national card)', 'ep', { activeInsuranceCard: national, insuranceCards: [national] }, ['nationsbenefits*', 'trnsx']],
    ['s3 demo (uhc, S3 card)', 'uhc', { activeInsuranceCard: s3, insuranceCards: [s3] }, ['prohealth*', 'trnsx', 'nationsbenefits']],
    // No card on file: the plan's first method.
    ['cl1 without a card', 'cl1', null, ['trnsx*', 'nationsbenefits']],
    // The plan's method cannot apply (no S3 card): nothing else of the plan, nothing recommended.
    ['uhc without a card', 'uhc', null, ['trnsx', 'nationsbenefits']],
    // No plan on the profile: the member's own card pays (newcomer's finding: a new member with a
    // national card was offered the network card first, and refused after placing).
    ['no plan, a national card', null, { activeInsuranceCard: national, insuranceCards: [national] }, ['nationsbenefits*', 'trnsx']],
    ['no plan, an active S3 card', null, { activeInsuranceCard: s3, insuranceCards: [s3] }, ['prohealth*', 'trnsx', 'nationsbenefits']],
    ['no plan, no card', null, null, ['trnsx', 'nationsbenefits']],
  ] as const)('%s', (_who, plan, cards, expected) => {
    expect(shown(paymentMethodOptions(plan, DEMO, cards))).toEqual(expected);
  });

  it('recommends one method at most, whatever the plan and the cards', () => {
    for (const plan of ['cl1', 'ep', 'uhc', 'dev', 'other', null]) {
      for (const cards of [null, { insuranceCards: [network, national] }, { activeInsuranceCard: s3, insuranceCards: [national, s3] }]) {
        const { options } = paymentMethodOptions(plan, ALL, cards);
        expect(options.filter((option) => option.recommended).length).toBeLessThanOrEqual(1);
        expect(options.findIndex((option) => option.recommended)).toBeLessThanOrEqual(0);
      }
    }
  });

  it('leaves out a method that cannot apply and names it: prohealth without an active S3 card', () => {
    const withoutS3 = paymentMethodOptions('cl1', DEMO, { activeInsuranceCard: network, insuranceCards: [network] });
    expect(withoutS3.withoutCard).toEqual(['prohealth']);
    expect(withoutS3.options.map((option) => option.code)).not.toContain('prohealth');
    // An S3 card on the account that is not the active one does not pay either.
    const inactiveS3 = paymentMethodOptions('uhc', DEMO, { activeInsuranceCard: network, insuranceCards: [network, s3] });
    expect(inactiveS3.withoutCard).toEqual(['prohealth']);
    expect(paymentMethodOptions('uhc', DEMO, { activeInsuranceCard: s3 }).withoutCard).toEqual([]);
  });

  it('credit is recommended only when no method of the plan can apply', () => {
    expect(shown(paymentMethodOptions('cl1', ALL, null))).toEqual(['trnsx*', 'nationsbenefits', 'credit', 'balance']);
    expect(shown(paymentMethodOptions('uhc', ALL, null))).toEqual(['credit*', 'trnsx', 'nationsbenefits', 'balance']);
    expect(shown(paymentMethodOptions(null, ALL, null))).toEqual(['credit*', 'trnsx', 'nationsbenefits', 'balance']);
  });

  it('follows the order of the cards (the active one first), never a method the plan does not name', () => {
    expect(shown(paymentMethodOptions('cl1', ALL, { activeInsuranceCard: national, insuranceCards: [network, national] }))[0]).toBe('nationsbenefits*');
    expect(shown(paymentMethodOptions('cl1', ALL, { insuranceCards: [network, national] }))[0]).toBe('trnsx*');
    // An S3 card on a cl1 plan: prohealth is offered (it can pay) but the plan's method is recommended.
    expect(shown(paymentMethodOptions('cl1', ALL, { activeInsuranceCard: s3, insuranceCards: [s3] }))).toEqual([
      'trnsx*',
      'nationsbenefits',
      'credit',
      'prohealth',
      'balance',
    ]);
  });

  it('offers every supported method once; balance is never recommended', () => {
    expect(shown(paymentMethodOptions(null, ['balance', 'trnsx', 'balance'], null))).toEqual(['balance', 'trnsx']);
    expect(paymentMethodOptions('cl1', [], null)).toEqual({ options: [], withoutCard: [] });
  });
});
