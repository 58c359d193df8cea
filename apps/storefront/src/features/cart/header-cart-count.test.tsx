// The header's cart link follows the guest's server cart (session mode): tested here, beside the
// cart's endpoints, because shared components never import a feature.
import { waitFor } from '@testing-library/react';
import { renderApp, screen } from '../../test/render-app';
import { connectStore } from '../../app/store';
import { unitsOf, useGuestCartApi } from '../../test/fake-cart-api';
import { productOf } from '../../test/fixtures';
import { cartApi } from './cart-api';

// The shared fixture: the fake guest cart finds the added product by its id.
const product = productOf(7, { name: 'Vitamin C 500 mg', price: '4.99', inStock: 3 });

describe("the header's cart link", () => {
  it('the cart link counts the guest cart units', async () => {
    // A guest's cart is the server's (session mode): the fake guest cart answers the reads and adds.
    const cart = useGuestCartApi({ products: [product] });
    const { store } = await renderApp('/');
    const disconnect = connectStore(store);
    expect(await screen.findByRole('link', { name: 'Cart, empty' })).toHaveAttribute('href', '/cart');
    await store.dispatch(cartApi.endpoints.addToCart.initiate({ product: { id: 7 }, amount: 2, locale: 'en' })).unwrap();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument());
    expect(unitsOf(cart)).toBe(2);
    await store.dispatch(cartApi.endpoints.setCartAmount.initiate({ productId: 7, amount: 1, locale: 'en' })).unwrap();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument());
    expect(unitsOf(cart)).toBe(1);
    expect(cart.calls).toContain('POST add 7+2');
    expect(cart.calls).toContain('PATCH sku-amount 7=1');
    disconnect();
  });

});
