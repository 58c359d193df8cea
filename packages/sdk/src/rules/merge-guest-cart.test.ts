import { describe, expect, it } from 'vitest';
import { mergeGuestCart, type CartAvailability, type CartItemRow } from './merge-guest-cart.js';

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
    // Without availability nothing is limited or dropped (the old behaviour).
    expect(result.limited).toEqual([]);
    expect(result.dropped).toEqual([]);
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

  describe('with availability (the server merge at sign-in)', () => {
    // 1: 3 units can be ordered, 2: 10, 3: none left, 4: inactive (units on hand), 9: unknown.
    const availability: CartAvailability = {
      units: new Map([
        [1, 3],
        [2, 10],
        [3, 0],
        [4, 5],
      ]),
      unorderable: new Set([4]),
    };

    it.each([
      {
        name: 'a guest amount above stock becomes the most that can be ordered',
        server: [],
        local: [r(1, 5)],
        rows: [r(1, 3)],
        added: [1],
        raised: [],
        limited: [{ sku_id: 1, amount: 3, wanted: 5 }],
        dropped: [],
      },
      {
        name: 'a raise is limited to stock, never below the server row',
        server: [r(1, 2)],
        local: [r(1, 7)],
        rows: [r(1, 3)],
        added: [],
        raised: [1],
        limited: [{ sku_id: 1, amount: 3, wanted: 7 }],
        dropped: [],
      },
      {
        name: 'a server row above stock is kept as it is (nothing lowered)',
        server: [r(1, 6)],
        local: [r(1, 8)],
        rows: [r(1, 6)],
        added: [],
        raised: [],
        limited: [{ sku_id: 1, amount: 6, wanted: 8 }],
        dropped: [],
      },
      {
        name: 'server rows of products that cannot be ordered stay, even when the guest wanted more',
        server: [r(3, 1), r(4, 2), r(9, 1)],
        local: [r(3, 4), r(4, 1), r(9, 2)],
        rows: [r(3, 1), r(4, 2), r(9, 1)],
        added: [],
        raised: [],
        limited: [
          { sku_id: 3, amount: 1, wanted: 4 },
          { sku_id: 9, amount: 1, wanted: 2 },
        ],
        dropped: [],
      },
      {
        name: 'guest rows that cannot be ordered at all, or of unknown products, are dropped with a reason',
        server: [r(2, 1)],
        local: [r(3, 2), r(4, 1), r(9, 1), r(2, 4)],
        rows: [r(2, 4)],
        added: [],
        raised: [2],
        limited: [],
        dropped: [
          { sku_id: 3, amount: 2, reason: 'cannot_add_more' },
          { sku_id: 4, amount: 1, reason: 'cannot_add_more' },
          { sku_id: 9, amount: 1, reason: 'product_not_found' },
        ],
      },
      {
        name: 'amounts within stock merge as without availability',
        server: [r(2, 1)],
        local: [r(2, 3), r(1, 2)],
        rows: [r(2, 3), r(1, 2)],
        added: [1],
        raised: [2],
        limited: [],
        dropped: [],
      },
    ])('$name', ({ server, local, rows, added, raised, limited, dropped }) => {
      const result = mergeGuestCart(server, local, availability);
      expect(result.rows).toEqual(rows);
      expect(result.added).toEqual(added);
      expect(result.raised).toEqual(raised);
      expect(result.limited).toEqual(limited);
      expect(result.dropped).toEqual(dropped);
      expect(result.changed).toBe(added.length > 0 || raised.length > 0);
    });

    it('never lowers or removes a server row, whatever the guest cart and the stock say', () => {
      const server = [r(1, 9), r(2, 1), r(3, 2), r(4, 1), r(9, 5)];
      const local = [r(1, 1), r(2, 50), r(3, 1), r(4, 9), r(9, 9), r(7, 1)];
      const result = mergeGuestCart(server, local, availability);
      for (const row of server) {
        const kept = result.rows.find((x) => x.sku_id === row.sku_id);
        expect(kept?.amount).toBeGreaterThanOrEqual(row.amount);
      }
      expect(result.rows.slice(0, server.length).map((x) => x.sku_id)).toEqual(server.map((x) => x.sku_id));
      // Nothing listed as added or raised that did not go in.
      for (const id of [...result.added, ...result.raised]) expect(result.rows.some((x) => x.sku_id === id)).toBe(true);
      expect(result.dropped.map((d) => d.sku_id)).toEqual([7]);
    });
  });
});
