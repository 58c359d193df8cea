// The "Add" button of a product card and its notice (issue 33, items 7 and 8): it says at once
// that it is adding, a second press on the way is not a second unit, and "Added to cart" does not
// follow the member onto the cart.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server, settingsFixture } from '../../test/server';
import { renderApp, screen, setLocaleCookie, waitForUrl } from '../../test/render-app';
import { useGuestCartApi } from '../../test/fake-cart-api';
import { productsFixture, useCatalogHandlers } from './catalog-fixtures';

const vitaminA = productsFixture[0]!;

/** Holds the API's answer to the next adds until `answer()` (a slow connection). */
function holdAdds(): { answer: () => void } {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  // Answers nothing itself: once let go, the fake cart's route answers.
  server.use(http.post(`${API}/api/order/draft/items`, async () => {
    await held;
  }));
  return { answer };
}

const writes = (calls: string[]) => calls.filter((call) => !call.startsWith('GET'));

describe('the Add button of a product card', () => {
  beforeEach(() => {
    setLocaleCookie('en');
    useCatalogHandlers();
  });

  it('says at once that it is adding, and a second press on the way adds nothing more', async () => {
    const cart = useGuestCartApi({ products: [vitaminA] });
    const adds = holdAdds();
    await renderApp('/catalog');
    const add = await screen.findByRole('button', { name: 'Add Vitamin A to cart' });
    // Two unsure taps before the page is drawn again (a slow phone draws late).
    act(() => {
      add.click();
      add.click();
    });
    expect(add).toHaveAttribute('aria-busy', 'true');
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveTextContent('Adding…');
    fireEvent.click(add);
    adds.answer();
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    await waitFor(() => expect(add).not.toHaveAttribute('aria-busy'));
    expect(add).toHaveTextContent(/^Add$/);
    expect(writes(cart.calls)).toEqual(['POST add 1+1']);
    // Once answered, a press is meant: one more unit.
    fireEvent.click(add);
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(writes(cart.calls)).toEqual(['POST add 1+1', 'POST add 1+1']);
  });

  it('"Added to cart" does not follow the member onto the cart', async () => {
    useGuestCartApi({ products: [vitaminA] });
    const { router } = await renderApp('/catalog');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Vitamin A to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('link', { name: 'Cart, 1 item' }));
    await waitForUrl(router, '/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(screen.queryByText('Added to cart')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-toast-region] li')).toHaveLength(0);
  });

  it("stops at what one order may hold of an item (the settings' maxUnitsPerItem) and says why", async () => {
    server.use(http.get(`${API}/api/constants`, () => HttpResponse.json({ ...settingsFixture, maxUnitsPerItem: 2 })));
    useGuestCartApi({ products: [vitaminA], rows: [{ product: vitaminA, amount: 2 }] });
    await renderApp('/catalog');
    const add = await screen.findByRole('button', { name: 'Add Vitamin A to cart' });
    await waitFor(() => expect(add).toBeDisabled());
    expect(add).toHaveAttribute('title', 'You can order at most 2 of one item.');
  });
});
