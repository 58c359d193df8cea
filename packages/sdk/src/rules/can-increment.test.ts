import { describe, expect, it } from 'vitest';
import { canIncrement, type IncrementRow } from './can-increment.js';

describe('canIncrement', () => {
  it.each<[string, IncrementRow, boolean]>([
    ['below stock', { amount: 1, sku: { inStock: 3, status: null } }, true],
    ['one below stock', { amount: 2, sku: { inStock: 3, status: null } }, true],
    ['at stock', { amount: 3, sku: { inStock: 3, status: null } }, false],
    ['above stock', { amount: 4, sku: { inStock: 3, status: null } }, false],
    ['no stock', { amount: 1, sku: { inStock: 0, status: null } }, false],
    ['out of stock status', { amount: 1, sku: { inStock: 9, status: 1 } }, false],
    ['inactive', { amount: 1, sku: { inStock: 9, status: 0 } }, false],
    ['discontinued', { amount: 1, sku: { inStock: 9, status: -1 } }, false],
    ['guest row below stock', { amount: 1, product: { inStock: 2, status: null } }, true],
    ['guest row at stock', { amount: 2, product: { inStock: 2, status: null } }, false],
  ])('%s -> %s', (_name, input, allowed) => {
    const result = canIncrement(input);
    expect(result.allowed).toBe(allowed);
    expect(result.code).toBe(allowed ? null : 'cannotAddMore');
    expect(result.message).toBe(allowed ? null : 'You cannot add more');
  });

  it("stops at what one order may hold of an item (the settings' maxUnitsPerItem), below the stock", () => {
    const row = (amount: number) => ({ amount, sku: { inStock: 50, status: null } });
    expect(canIncrement(row(19), { maxUnitsPerItem: 20 }).allowed).toBe(true);
    expect(canIncrement(row(20), { maxUnitsPerItem: 20 })).toEqual({
      allowed: false,
      code: 'maxUnitsPerItem',
      message: 'You can order at most 20 of one item.',
      max: 20,
    });
    // The stock speaks first when it is the lower bound.
    expect(canIncrement({ amount: 5, sku: { inStock: 5, status: null } }, { maxUnitsPerItem: 5 }).code).toBe('cannotAddMore');
    expect(canIncrement(row(20)).allowed).toBe(true);
  });
});
