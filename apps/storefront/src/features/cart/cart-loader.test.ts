import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { createAppStore } from '../../app/store';
import { routeContextFor } from '../../kernel/route-context';
import { cartApi } from './cart-api';
import { loader } from './pages/cart-page';

describe("the cart page's loader", () => {
  it("starts the cart's query in the store of its route context before the page renders", () => {
    const store = createAppStore();
    expect(cartApi.endpoints.getCart.select('es')(store.getState()).status).toBe('uninitialized');
    loader({ request: new Request('http://shop.test/es/cart'), params: {}, context: routeContextFor(store) } as LoaderFunctionArgs);
    expect(cartApi.endpoints.getCart.select('es')(store.getState()).status).toBe('pending');
  });
});
