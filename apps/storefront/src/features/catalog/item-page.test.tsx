import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../test/server';
import { connectStore } from '../../app/store';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { unitsOf, useGuestCartApi } from '../../test/fake-cart-api';
import { useFakeOrdersApi } from '../../test/fake-orders-api';
import { detailOf, productsFixture, useCatalogHandlers } from './catalog-fixtures';

const vitaminA = productsFixture[0]!;

async function renderItem(path: string) {
  const view = await renderApp(path);
  const disconnect = connectStore(view.store);
  onTestFinished(disconnect);
  return view;
}

function jsonLd(): Record<string, unknown> {
  const script = document.querySelector('script[type="application/ld+json"]');
  expect(script).not.toBeNull();
  return JSON.parse(script!.textContent ?? '') as Record<string, unknown>;
}

describe('item page', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('shows the product, its title, description meta and Product structured data', async () => {
    useCatalogHandlers();
    await renderItem('/item/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vitamin A' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Vitamin A | Benefit Shop'));
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Vitamin A keeps you well.',
    );
    expect(screen.getByRole('link', { name: 'Vitamins' })).toHaveAttribute(
      'href',
      '/catalog?category=1',
    );
    expect(screen.getByText('$1.50')).toBeInTheDocument();
    expect(screen.getByText('Manufacturer').nextElementSibling).toHaveTextContent(
      'Nature Labs Inc.',
    );
    const data = jsonLd();
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Vitamin A',
      // The item code shoppers see, not the database's id (issue 33, item 12).
      sku: 'OTC-000001',
      brand: { '@type': 'Brand', name: 'Nature Health' },
      offers: {
        '@type': 'Offer',
        price: '1.50',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    // Pictures live on the API's origin (VITE_API_BASE_URL, http://shop.test in tests).
    expect(data.image).toEqual([
      'http://shop.test/api/images/products/1.svg',
      'http://shop.test/api/images/products/1-b.svg',
    ]);
    const similar = screen.getByRole('region', { name: 'Similar products' });
    expect(within(similar).getByRole('heading', { name: 'Vitamin B' })).toBeInTheDocument();
  });

  it('shows the catalog\'s item code, never the database id (issue 33)', async () => {
    useCatalogHandlers();
    await renderItem('/item/1');
    await screen.findByRole('heading', { level: 1, name: 'Vitamin A' });
    expect(screen.getByText('Item number').nextElementSibling).toHaveTextContent(/^OTC-000001$/);
  });

  it('draws no item number for a product without a code', async () => {
    useCatalogHandlers();
    server.use(
      http.get(`${API}/api/catalog/products/2`, () =>
        HttpResponse.json({ product: detailOf(productsFixture[1]!, { sku: undefined }), similar: [] }),
      ),
    );
    await renderItem('/item/2');
    await screen.findByRole('heading', { level: 1, name: 'Vitamin B' });
    expect(screen.queryByText('Item number')).not.toBeInTheDocument();
  });

  it('marks an out-of-stock product in the structured data and offers no add button', async () => {
    useCatalogHandlers();
    await renderItem('/item/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vitamin C' })).toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(jsonLd()).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('adds the chosen quantity to the guest cart, notifies and updates the header count', async () => {
    useCatalogHandlers();
    // A guest's cart is the server's (session mode): the first add creates it.
    const cart = useGuestCartApi({ products: [vitaminA] });
    await renderItem('/item/1');
    await screen.findByRole('heading', { level: 1, name: 'Vitamin A' });
    expect(screen.getByRole('link', { name: 'Cart, empty' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'One more' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    // One request adds both units (the fetcher's post to the cart's action), with the page's token.
    expect(cart.calls.filter((call) => !call.startsWith('GET'))).toEqual(['POST add 1+2']);
    expect(cart.csrfSent).toEqual(['csrf-test']);
    expect(cart.rows.map((row) => [row.product.id, row.amount])).toEqual([[1, 2]]);
    expect(localStorage.getItem('guest-cart')).toBeNull();
  });

  it('never lets the quantity go beyond the stock, counting what is in the cart', async () => {
    const vitaminB = { ...productsFixture[1]!, inStock: 3 };
    useCatalogHandlers({ 2: detailOf(vitaminB) });
    const cart = useGuestCartApi({ products: [vitaminB] });
    await renderItem('/item/2');
    await screen.findByRole('heading', { level: 1, name: 'Vitamin B' });
    const more = screen.getByRole('button', { name: 'One more' });
    fireEvent.click(more);
    fireEvent.click(more);
    expect(screen.getByRole('group', { name: 'Quantity of Vitamin B' })).toHaveTextContent('3');
    expect(more).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('You cannot add more')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'One less' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('link', { name: 'Cart, 2 items' });
    expect(unitsOf(cart)).toBe(2);
    // One unit left in stock: the stepper starts again at 1 and cannot go up.
    await waitFor(() => expect(screen.getByRole('button', { name: 'One more' })).toHaveAttribute('aria-disabled', 'true'));
    expect(screen.getByText('2 in your cart')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to cart' });
    add.focus();
    fireEvent.click(add);
    await screen.findByRole('link', { name: 'Cart, 3 items' });
    // Every add was one the server took: nothing was refused on the way.
    expect(cart.calls.filter((call) => !call.startsWith('GET'))).toEqual(['POST add 2+2', 'POST add 2+1']);
    expect(unitsOf(cart)).toBe(3);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.getByText('You cannot add more')).toBeInTheDocument();
    // Every unit is in the cart: said, with the way to it, which takes the focus of the button gone.
    expect(screen.getByText('3 in your cart')).toBeInTheDocument();
    const viewCart = screen.getByRole('link', { name: 'View cart' });
    expect(viewCart).toHaveAttribute('href', '/cart');
    await waitFor(() => expect(viewCart).toHaveFocus());
  });

  it('explains a product the plan does not cover', async () => {
    useCatalogHandlers({ 5: detailOf(productsFixture[4]!, { eligible: false }) });
    await renderItem('/item/5');
    expect(await screen.findByText('Not covered by your plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Why are some items not eligible?' })).toHaveAttribute(
      'href',
      '/docs/items-eligibility',
    );
  });

  it('asks a guest to sign in to keep favorites; a customer toggles the heart', async () => {
    useCatalogHandlers();
    const first = await renderItem('/item/1');
    expect(await screen.findByRole('link', { name: 'Sign in to save favorites' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fitem%2F1',
    );
    first.unmount();

    let favorite = false;
    useCatalogHandlers();
    // The member the header reads, with their (empty) draft.
    useFakeOrdersApi();
    server.use(
      http.get(`${API}/api/catalog/products/1`, () =>
        HttpResponse.json({ product: detailOf(vitaminA, { favorite }), similar: [] }),
      ),
      http.post(`${API}/api/favorites`, () => {
        favorite = true;
        return HttpResponse.json([vitaminA]);
      }),
    );
    signIn();
    await renderItem('/item/1');
    const heart = await screen.findByRole('button', { name: 'Favorite' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    // Without the scripts the browser posts the new state to the item's action, which comes back here.
    const form = heart.closest('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/item/1');
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ intent: 'favorite', favorite: 'true', redirectTo: '/item/1' });
    act(() => heart.click());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
  });

  it('answers 404 for an unknown product', async () => {
    useCatalogHandlers();
    await renderItem('/item/999');
    expect(await screen.findByText(/404/)).toBeInTheDocument();
    expect(screen.getByText(/Page not found/i)).toBeInTheDocument();
  });

  it('is in Spanish under /es', async () => {
    setLocaleCookie('es');
    useCatalogHandlers();
    await renderItem('/es/item/1');
    expect(await screen.findByRole('button', { name: 'Agregar al carrito' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vitamins' })).toHaveAttribute(
      'href',
      '/es/catalog?category=1',
    );
  });
});
