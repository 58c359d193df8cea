import { describe, expect, it } from 'vitest';
import { mergeGuestCart, type CartItemRow } from './merge-guest-cart.js';

const r = (sku_id: number, amount: number): CartItemRow => ({ sku_id, amount });

describe('mergeGuestCart', () => {
  it.each([
    {
      name: 'empty carts stay empty',
      server: [],
      local: [],
      rows: [],
      added: [],
      raised: [],
    },
    {
      name: 'guest items go to an empty server cart',
      server: [],
      local: [r(5, 1), r(3, 2)],
      rows: [r(5, 1), r(3, 2)],
      added: [5, 3],
      raised: [],
    },
    {
      name: 'server-only rows are kept',
      server: [r(1, 2), r(2, 1)],
      local: [],
      rows: [r(1, 2), r(2, 1)],
      added: [],
      raised: [],
    },
    {
      name: 'new items follow the server rows',
      server: [r(1, 2)],
      local: [r(9, 1)],
      rows: [r(1, 2), r(9, 1)],
      added: [9],
      raised: [],
    },
    {
      name: 'a larger guest amount raises the server row in place',
      server: [r(1, 1), r(2, 1)],
      local: [r(1, 3)],
      rows: [r(1, 3), r(2, 1)],
      added: [],
      raised: [1],
    },
    {
      name: 'a smaller guest amount leaves the server row',
      server: [r(1, 4)],
      local: [r(1, 2)],
      rows: [r(1, 4)],
      added: [],
      raised: [],
    },
    {
      name: 'equal amounts change nothing',
      server: [r(1, 2)],
      local: [r(1, 2)],
      rows: [r(1, 2)],
      added: [],
      raised: [],
    },
    {
      name: 'mixed: server order kept, then new ones in guest order',
      server: [r(3, 1), r(1, 5), r(2, 2)],
      local: [r(7, 1), r(2, 6), r(1, 1), r(4, 3)],
      rows: [r(3, 1), r(1, 5), r(2, 6), r(7, 1), r(4, 3)],
      added: [7, 4],
      raised: [2],
    },
    {
      name: 'a sku twice in the guest cart counts once with its larger amount',
      server: [],
      local: [r(8, 1), r(8, 3), r(8, 2)],
      rows: [r(8, 3)],
      added: [8],
      raised: [],
    },
    {
      name: 'guest rows with amount 0 are ignored',
      server: [r(1, 1)],
      local: [r(1, 0), r(2, 0)],
      rows: [r(1, 1)],
      added: [],
      raised: [],
    },
    {
      name: 'stored guest-cart rows ({ product, amount }) merge like sku rows',
      server: [r(1, 1)],
      local: [
        { product: { id: 1, name: 'A' }, amount: 4 },
        { product: { id: 7, name: 'B' }, amount: 2 },
      ],
      rows: [r(1, 4), r(7, 2)],
      added: [7],
      raised: [1],
    },
    {
      name: 'a sku twice on the server: only the first row is raised',
      server: [r(1, 1), r(1, 1)],
      local: [r(1, 2)],
      rows: [r(1, 2), r(1, 1)],
      added: [],
      raised: [1],
    },
  ])('$name', ({ server, local, rows, added, raised }) => {
    const result = mergeGuestCart(server, local);
    expect(result.rows).toEqual(rows);
    expect(result.added).toEqual(added);
    expect(result.raised).toEqual(raised);
    expect(result.changed).toBe(added.length > 0 || raised.length > 0);
  });

  it.each<[string, unknown, unknown, RegExp]>([
    ['a guest row without an id', [], [{ amount: 2 }], /guest row 0 has no product id/],
    ['a guest row with a product without id', [], [{ product: {}, amount: 1 }], /guest row 0/],
    ['a negative amount', [], [r(2, -1)], /guest row 0 has an amount/],
    ['a fractional amount', [], [r(1, 1), r(3, 1.5)], /guest row 1 has an amount/],
    ['a NaN id', [], [r(Number.NaN, 2)], /no product id/],
    ['a row that is not an object', [], ['5'], /guest row 0 is not an object/],
    ['guest rows that are not an array', [], { rows: [] }, /guest rows are not an array/],
    ['a malformed server row', [{ id: 1, amount: 1 }], [], /server row 0/],
  ])('refuses %s with a clear error', (_name, server, local, message) => {
    expect(() => mergeGuestCart(server as CartItemRow[], local as CartItemRow[])).toThrow(message);
  });

  it('does not change its inputs', () => {
    const server = [r(1, 1)];
    const local = [r(1, 3), r(2, 1)];
    const result = mergeGuestCart(server, local);
    expect(server).toEqual([r(1, 1)]);
    expect(local).toEqual([r(1, 3), r(2, 1)]);
    expect(result.rows[0]).not.toBe(server[0]);
  });
});
