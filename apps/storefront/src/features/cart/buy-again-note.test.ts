import { describe, expect, it } from 'vitest';
import { refusalFailure, refusedCartAddress, refusedInAddress } from './buy-again-note';

const search = (address: string) => new URL(address, 'http://shop.test').searchParams;

describe("a Buy again's refusals in the cart's address", () => {
  it('go there and back: product, code and figures, in the order refused', () => {
    const address = refusedCartAddress('/es/cart', 41, [
      { productId: 7, failure: { code: 'cannot_add_more' } },
      { productId: 12, failure: { code: 'max_units_per_item', params: { max: 20 } } },
      { productId: 3, failure: { code: 'period_limit_reached', params: { limit: 2, left: 0 } } },
    ]);
    expect(address.startsWith('/es/cart?reordered=41&refused=')).toBe(true);
    expect(refusedInAddress(search(address))).toEqual({
      orderId: 41,
      refused: [
        { productId: 7, failure: { code: 'cannot_add_more' } },
        { productId: 12, failure: { code: 'max_units_per_item', params: { max: 20 } } },
        { productId: 3, failure: { code: 'period_limit_reached', params: { limit: 2, left: 0 } } },
      ],
    });
  });

  it('carry no words: a figure that is not one is left out, a code not in the catalogue drops its row', () => {
    const address = refusedCartAddress('/cart', 41, [
      { productId: 7, failure: { code: 'max_units_per_item', params: { max: 'call 555 now' } } },
    ]);
    expect(refusedInAddress(search(address))?.refused).toEqual([{ productId: 7, failure: { code: 'max_units_per_item' } }]);

    const crafted = search(
      '/cart?reordered=41&refused=7+you_won_a_prize&refused=x+cannot_add_more&refused=0+cannot_add_more' +
        '&refused=9+max_units_per_item+max%3DVisit%20evil&refused=9+cannot_add_more&refused=5+cannot_add_more+%3D3',
    );
    expect(refusedInAddress(crafted)).toEqual({
      orderId: 41,
      refused: [
        { productId: 9, failure: { code: 'max_units_per_item' } },
        { productId: 5, failure: { code: 'cannot_add_more' } },
      ],
    });
  });

  it('say nothing without an order or a refusal', () => {
    expect(refusedInAddress(search('/cart?reordered=41'))).toBeNull();
    expect(refusedInAddress(search('/cart?refused=7+cannot_add_more'))).toBeNull();
    expect(refusedInAddress(search('/cart?reordered=-1&refused=7+cannot_add_more'))).toBeNull();
  });

  it("name the amount's reason, else the call's, else that no answer came", () => {
    expect(
      refusalFailure({
        status: 422,
        code: 'validation_failed',
        message: 'x',
        fieldCodes: { amount: { code: 'max_units_per_item', params: { max: 20 } } },
      }),
    ).toEqual({ code: 'max_units_per_item', params: { max: 20 } });
    expect(refusalFailure({ status: 409, code: 'cannot_add_more', message: 'x' })).toEqual({ code: 'cannot_add_more' });
    expect(refusalFailure({ status: 500, code: 'something_new', message: 'x' })).toEqual({ code: 'unknown_error' });
    expect(refusalFailure({ status: 'FETCH_ERROR', message: 'x' })).toEqual({ code: 'network_error' });
  });
});
