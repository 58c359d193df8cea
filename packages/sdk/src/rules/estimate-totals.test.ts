import { describe, expect, it } from 'vitest';
import { estimateTotals, type EstimateRow } from './estimate-totals.js';

/** The demo shop's promotions, as its settings give them. */
const promotions = { promoPercents: { Welcome10: 10 } };

const orderRow = (
  unit: string,
  amount: number,
  line: string,
  badReasonCode: number | null = null,
): EstimateRow => ({
  sku: { price: unit },
  amount,
  price: line,
  badReasonCode,
});
const localRow = (
  unit: string,
  amount: number,
  stocked?: { inStock: number; status: 0 | 1 | -1 | null },
): EstimateRow => ({
  product: { price: unit, ...stocked },
  amount,
});

describe('estimateTotals', () => {
  it.each<[string, EstimateRow[], string | null | undefined, [string, string, string, string]]>([
    ['no rows', [], 'Welcome10', ['0.00', '0.00', '0.00', '0.00']],
    [
      'server rows, no promo',
      [orderRow('12.50', 2, '25.00'), orderRow('3.99', 1, '3.99')],
      null,
      ['28.99', '0.00', '28.99', '28.99'],
    ],
    [
      'Welcome10 takes 10 %',
      [orderRow('12.50', 2, '25.00')],
      'Welcome10',
      ['25.00', '2.50', '22.50', '25.00'],
    ],
    [
      'half a cent rounds up',
      [orderRow('12.55', 1, '12.55')],
      'Welcome10',
      ['12.55', '1.26', '11.29', '12.55'],
    ],
    [
      'below half a cent rounds down',
      [orderRow('12.54', 1, '12.54')],
      'Welcome10',
      ['12.54', '1.25', '11.29', '12.54'],
    ],
    [
      'code matched case-insensitively',
      [orderRow('10.00', 1, '10.00')],
      'WELCOME10',
      ['10.00', '1.00', '9.00', '10.00'],
    ],
    [
      'code trimmed',
      [orderRow('10.00', 1, '10.00')],
      ' welcome10 ',
      ['10.00', '1.00', '9.00', '10.00'],
    ],
    [
      'unknown code: no discount',
      [orderRow('10.00', 1, '10.00')],
      'Welcome20',
      ['10.00', '0.00', '10.00', '10.00'],
    ],
    ['empty code', [orderRow('10.00', 1, '10.00')], '', ['10.00', '0.00', '10.00', '10.00']],
    [
      'line total below list price',
      [orderRow('10.00', 3, '27.00')],
      null,
      ['27.00', '0.00', '27.00', '30.00'],
    ],
    [
      'guest rows: unit price x amount',
      [localRow('0.10', 3), localRow('0.20', 1)],
      null,
      ['0.50', '0.00', '0.50', '0.50'],
    ],
    [
      'guest rows with Welcome10',
      [localRow('19.99', 3)],
      'welcome10',
      ['59.97', '6.00', '53.97', '59.97'],
    ],
    [
      'server rows with a bad reason are left out, as the server does',
      [orderRow('5.00', 1, '5.00', 1), orderRow('5.00', 1, '5.00')],
      null,
      ['5.00', '0.00', '5.00', '5.00'],
    ],
    [
      'guest rows that cannot be ordered are left out',
      [
        localRow('1.00', 2, { inStock: 5, status: null }),
        localRow('2.00', 6, { inStock: 5, status: null }), // more than in stock
        localRow('4.00', 1, { inStock: 5, status: 0 }), // inactive
        localRow('8.00', 1, { inStock: 5, status: -1 }), // discontinued
        localRow('16.00', 1, { inStock: 0, status: null }), // none left
        localRow('32.00', 1, { inStock: 9, status: 1 }), // marked out of stock
      ],
      null,
      ['2.00', '0.00', '2.00', '2.00'],
    ],
    [
      'the promo applies to the orderable rows only',
      [localRow('10.00', 1, { inStock: 1, status: null }), localRow('90.00', 1, { inStock: 0, status: null })],
      'Welcome10',
      ['10.00', '1.00', '9.00', '10.00'],
    ],
  ])('%s', (_name, rows, promo, [subtotal, discount, total, undiscounted]) => {
    expect(estimateTotals(rows, promo, promotions)).toMatchObject({
      subtotal,
      discount,
      total,
      itemsUnDiscountedSubtotal: undiscounted,
    });
  });

  it('leaves bad rows out by default, and counts them only when asked', () => {
    const rows = [
      orderRow('5.00', 1, '5.00', 2),
      orderRow('7.00', 2, '14.00'),
      localRow('1.00', 1),
      localRow('3.00', 1, { inStock: 0, status: null }),
    ];
    const orderable = {
      subtotal: '15.00',
      discount: '1.50',
      total: '13.50',
      itemsUnDiscountedSubtotal: '15.00',
      promoPercent: 10,
    };
    expect(estimateTotals(rows, 'Welcome10', promotions)).toEqual(orderable);
    expect(estimateTotals(rows, 'Welcome10', { ...promotions, excludeBadRows: true })).toEqual(
      orderable,
    );
    expect(estimateTotals(rows, 'Welcome10', { ...promotions, excludeBadRows: false })).toEqual({
      subtotal: '23.00',
      discount: '2.30',
      total: '20.70',
      itemsUnDiscountedSubtotal: '23.00',
      promoPercent: 10,
    });
  });

  it('counts a guest row it cannot judge (no stock or status given)', () => {
    expect(estimateTotals([localRow('2.00', 99)], null, promotions).subtotal).toBe('198.00');
  });

  it('takes other promo tables', () => {
    const result = estimateTotals([localRow('40.00', 1)], 'spring', {
      promoPercents: { SPRING: 25 },
    });
    expect(result).toMatchObject({ discount: '10.00', total: '30.00', promoPercent: 25 });
    expect(
      estimateTotals([localRow('40.00', 1)], 'Welcome10', { promoPercents: {} }).discount,
    ).toBe('0.00');
  });

  it('sums many small prices exactly', () => {
    const rows = Array.from({ length: 1000 }, () => localRow('0.10', 1));
    expect(estimateTotals(rows, null, promotions).subtotal).toBe('100.00');
  });

  it.each([-1, 1.5, Number.NaN])('rejects amount %s', (amount) => {
    expect(() => estimateTotals([localRow('1.00', amount)], null, promotions)).toThrow(RangeError);
    expect(() => estimateTotals([orderRow('1.00', amount, '1.00')], null, promotions)).toThrow(
      RangeError,
    );
  });

  it('rejects prices that are not money strings', () => {
    expect(() => estimateTotals([localRow('1.005', 1)], null, promotions)).toThrow(TypeError);
  });

  it('takes the percent from the promotions given, never from an SDK constant', () => {
    const row = [localRow('40.00', 1)];
    expect(estimateTotals(row, 'Welcome10', { promoPercents: { Welcome10: 15 } }).discount).toBe(
      '6.00',
    );
    expect(() => estimateTotals(row, 'Welcome10', undefined as never)).toThrow(
      /promoPercents is required/,
    );
    expect(() => estimateTotals(row, 'Welcome10', { promoPercents: { Welcome10: 150 } })).toThrow(
      RangeError,
    );
  });
});
