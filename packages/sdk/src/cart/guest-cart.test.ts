import { afterEach, describe, expect, it, vi } from 'vitest';
import { GUEST_CART_DELAYS, STORAGE_KEYS } from '../constants/index.js';
import type { ProductSummary } from '../schemas/catalog.js';
import { createMemoryStorage } from '../storage/storage.js';
import { createGuestCart } from './guest-cart.js';

function product(id: number): ProductSummary {
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
  };
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

    await cart.setAmount(2, 7);
    expect(cart.rows()[1]?.amount).toBe(7);
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
