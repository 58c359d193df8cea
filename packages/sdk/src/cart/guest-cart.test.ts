import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_CART_DELAYS, STORAGE_KEYS } from '../constants/index.js';
import { ValidationError } from '../errors/index.js';
import type { ProductSummary } from '../schemas/catalog.js';
import { createMemoryStorage } from '../storage/storage.js';
import { createGuestCart } from './guest-cart.js';

function product(id: number, overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id,
    name: `P${id}`,
    price: '1.00',
    inStock: 5,
    status: null,
    brand: 'B',
    manufacturer: 'M',
    categoryId: 1,
    categoryName: 'C',
    mainImage: '/i.png',
    ...overrides,
  };
}

/** The refusal thrown, checked to be the server's shape: `fieldCodes.amount` `cannot_add_more`. */
async function refusal(attempt: Promise<unknown>): Promise<ValidationError> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  const refused = error as ValidationError;
  expect(refused).toMatchObject({ status: 422, code: 'cannot_add_more' });
  expect(refused.fieldCodes).toEqual({ amount: 'cannot_add_more' });
  expect(refused.fieldErrors).toEqual({ amount: 'You cannot add more' });
  return refused;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('guest cart', () => {
  it('adds, increments, sets, removes and clears rows in storage', async () => {
    const storage = createMemoryStorage();
    const cart = createGuestCart({ storage });
    await cart.add(product(1));
    await cart.add(product(2), 2);
    await cart.add(product(1), 3);
    expect(cart.rows().map((r) => [r.product.id, r.amount])).toEqual([
      [1, 4],
      [2, 2],
    ]);
    expect(cart.count()).toBe(6);
    expect(JSON.parse(storage.get(STORAGE_KEYS.guestCart) ?? '[]')).toHaveLength(2);

    await cart.setAmount(2, 5);
    expect(cart.rows()[1]?.amount).toBe(5);
    await cart.setAmount(99, 3);
    expect(cart.rows()).toHaveLength(2);
    await cart.setAmount(2, 0);
    expect(cart.rows().map((r) => r.product.id)).toEqual([1]);
    await cart.remove(1);
    expect(cart.rows()).toEqual([]);
    expect(storage.get(STORAGE_KEYS.guestCart)).toBeNull();

    await cart.add(product(3));
    await cart.clear();
    expect(cart.count()).toBe(0);
  });

  it('refuses more than can be ordered, as the server does, and leaves storage as it was', async () => {
    const storage = createMemoryStorage();
    const cart = createGuestCart({ storage });
    const listener = vi.fn();
    cart.subscribe(listener);
    await cart.add(product(1), 4);
    const before = storage.get(STORAGE_KEYS.guestCart);
    listener.mockClear();

    await refusal(cart.add(product(1), 2)); // 6 of 5
    await refusal(cart.add(product(2), 6)); // a new row above stock
    await refusal(cart.setAmount(1, 6));
    expect(storage.get(STORAGE_KEYS.guestCart)).toBe(before);
    expect(listener).not.toHaveBeenCalled();

    // Up to the stock is fine, one by one or at once.
    await cart.add(product(1));
    await refusal(cart.add(product(1)));
    expect(cart.rows().map((r) => [r.product.id, r.amount])).toEqual([[1, 5]]);
  });

  it('refuses an item that cannot be ordered at all', async () => {
    const cart = createGuestCart({ storage: createMemoryStorage() });
    await refusal(cart.add(product(1, { status: 0 }))); // inactive
    await refusal(cart.add(product(2, { status: -1 }))); // discontinued
    await refusal(cart.add(product(3, { status: 1, inStock: 9 }))); // marked out of stock
    await refusal(cart.add(product(4, { inStock: 0 })));
    expect(cart.rows()).toEqual([]);
  });

  it('lets an amount go down even when the stock fell below it', async () => {
    const storage = createMemoryStorage();
    // A row stored when more was in stock; the product shown now has 2.
    storage.set(
      STORAGE_KEYS.guestCart,
      JSON.stringify([{ product: product(1, { inStock: 2 }), amount: 4 }]),
    );
    const cart = createGuestCart({ storage });
    await cart.setAmount(1, 3);
    expect(cart.rows()[0]?.amount).toBe(3);
    await refusal(cart.setAmount(1, 4)); // raising is judged again
    // The same product unavailable now: it can still be lowered and removed.
    storage.set(
      STORAGE_KEYS.guestCart,
      JSON.stringify([{ product: product(1, { status: -1 }), amount: 2 }]),
    );
    await cart.setAmount(1, 1);
    expect(cart.rows()[0]?.amount).toBe(1);
    await cart.setAmount(1, 0);
    expect(cart.rows()).toEqual([]);
  });

  it('drops invalid stored rows and tolerates garbage', () => {
    const storage = createMemoryStorage();
    const cart = createGuestCart({ storage });
    storage.set(
      STORAGE_KEYS.guestCart,
      JSON.stringify([
        { product: product(1), amount: 2 },
        { product: { id: 'x' }, amount: 1 },
        { product: product(2), amount: 0 },
      ]),
    );
    expect(cart.rows().map((r) => r.product.id)).toEqual([1]);
    storage.set(STORAGE_KEYS.guestCart, '{broken');
    expect(cart.rows()).toEqual([]);
    storage.set(STORAGE_KEYS.guestCart, '{"a":1}');
    expect(cart.rows()).toEqual([]);
  });

  it('notifies subscribers until they unsubscribe', async () => {
    const cart = createGuestCart({ storage: createMemoryStorage() });
    const listener = vi.fn();
    const unsubscribe = cart.subscribe(listener);
    await cart.add(product(1));
    expect(listener).toHaveBeenLastCalledWith([{ product: product(1), amount: 1 }]);
    unsubscribe();
    await cart.add(product(1));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('waits the named simulated delays when asked', async () => {
    vi.useFakeTimers();
    const cart = createGuestCart({ storage: createMemoryStorage(), delays: GUEST_CART_DELAYS });
    let done = false;
    const adding = cart.add(product(1)).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(GUEST_CART_DELAYS.add - 1);
    expect(done).toBe(false);
    expect(cart.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await adding;
    expect(cart.count()).toBe(1);

    done = false;
    const clearing = cart.clear().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(GUEST_CART_DELAYS.clear - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await clearing;
    expect(cart.count()).toBe(0);

    const adding2 = cart.add(product(2));
    await vi.advanceTimersByTimeAsync(GUEST_CART_DELAYS.add);
    await adding2;
    done = false;
    const setting = cart.setAmount(2, 3).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(GUEST_CART_DELAYS.default - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await setting;
    expect(cart.count()).toBe(3);
  });

  it('uses the default delay for missing keys and none without the option', async () => {
    vi.useFakeTimers();
    const cart = createGuestCart({ storage: createMemoryStorage(), delays: { default: 50 } });
    let done = false;
    const removing = cart.remove(1).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(49);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await removing;
    expect(done).toBe(true);

    const instant = createGuestCart({ storage: createMemoryStorage() });
    await instant.add(product(1));
    expect(instant.count()).toBe(1);
  });
});
