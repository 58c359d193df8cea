import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { currentUrl, renderApp, screen, setLocaleCookie } from '../../test/render-app';
import { listDelay, productRequests, useCatalogHandlers } from './catalog-fixtures';

function productNames(): string[] {
  const list = screen.getByRole('list', { name: 'Products' });
  return within(list)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent ?? '');
}

function card(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('article')!;
}

async function waitForProducts(count: number) {
  await waitFor(() => expect(productNames()).toHaveLength(count));
}

describe('catalog page', () => {
  beforeEach(() => {
    setLocaleCookie('en');
    useCatalogHandlers();
  });

  it('shows the total, the first page and the product flags', async () => {
    await renderApp('/catalog');
    expect(await screen.findByText('10 products')).toBeInTheDocument();
    await waitForProducts(4);
    expect(productNames()).toEqual(['Vitamin A', 'Vitamin B', 'Vitamin C', 'Vitamin D']);
    const outOfStock = card('Vitamin C');
    expect(within(outOfStock).getByText('Out of stock')).toBeInTheDocument();
    expect(within(outOfStock).queryByRole('button', { name: /add/i })).not.toBeInTheDocument();
    expect(within(card('Vitamin D')).getByText('Not available')).toBeInTheDocument();
    // The first row's pictures (the page's largest paint on a phone) load at once; later ones lazily.
    const image = within(card('Vitamin A')).getByRole('presentation');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('width', '400');
    expect(within(card('Vitamin B')).getByRole('presentation')).toHaveAttribute('loading', 'eager');
    expect(within(card('Vitamin C')).getByRole('presentation')).toHaveAttribute('loading', 'lazy');
    // The list is named by a heading between the page's h1 and the products' h3.
    expect(screen.getByRole('heading', { level: 2, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Vitamin A to cart' })).toBeEnabled();
  });

  it('a new sort pushes a history entry and resets the page', async () => {
    const { router } = await renderApp('/catalog?page=2&category=1');
    await waitForProducts(6);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price-desc' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?category=1&sort=price-desc'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() =>
      expect(productNames()).toEqual(['Vitamin F', 'Vitamin E', 'Vitamin D', 'Vitamin C']),
    );
    const last = productRequests.at(-1);
    expect(last?.get('sort')).toBe('price-desc');
    expect(last?.get('page')).toBe('1');

    act(() => void router.navigate(-1));
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?page=2&category=1'));
  });

  it('an empty value removes its parameter', async () => {
    const { router } = await renderApp('/catalog?category=1&brand=Nature+Health');
    await waitForProducts(4);
    fireEvent.change(screen.getByLabelText('Brand'), { target: { value: '' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?category=1'));
    await waitFor(() => expect(screen.getByLabelText('Brand')).toHaveValue(''));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name-desc' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?category=1&sort=name-desc'));
    await waitFor(() => expect(screen.getByLabelText('Sort by')).toHaveValue('name-desc'));
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'default' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?category=1'));
  });

  it('a changed filter clears the list and reloads it', async () => {
    const { router } = await renderApp('/catalog?page=2');
    await waitForProducts(8);
    productRequests.length = 0;
    listDelay.ms = 300;
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '2' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?category=2'));
    // As soon as the page shows the new filter, the old pages are gone (skeletons or new rows).
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('2'));
    expect(productNames()).toEqual([]);
    expect(screen.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() =>
      expect(productNames()).toEqual(['Bandage G', 'Bandage H', 'Bandage I', 'Bandage J']),
    );
    expect(productRequests.map((params) => [params.get('category'), params.get('page')])).toEqual([
      ['2', '1'],
    ]);
    expect(screen.getByText('4 products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('load more appends the next page and keeps it in the address', async () => {
    const { router } = await renderApp('/catalog');
    await waitForProducts(4);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?page=2'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitForProducts(8);
    expect(productNames().slice(0, 5)).toEqual([
      'Vitamin A',
      'Vitamin B',
      'Vitamin C',
      'Vitamin D',
      'Vitamin E',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitForProducts(10);
    expect(currentUrl(router)).toBe('/catalog?page=3');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('opened with page=3 shows all three pages', async () => {
    await renderApp('/catalog?page=3');
    await waitForProducts(10);
    expect(productNames().at(-1)).toBe('Bandage J');
  });

  it('shows an empty state when nothing matches, and clears the filters from it', async () => {
    const { router } = await renderApp('/catalog?priceMin=900');
    expect(
      await screen.findByRole('heading', { name: 'No products match these filters' }),
    ).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clear.at(-1)!);
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog'));
    await waitForProducts(4);
  });

  it('filters by health plan from the plan list, in Spanish too', async () => {
    setLocaleCookie('es');
    const { router } = await renderApp('/es/catalog');
    expect(await screen.findByText('10 productos')).toBeInTheDocument();
    const plan = await screen.findByRole('option', { name: 'Gold Advantage (Sunrise Health)' });
    fireEvent.change(plan.closest('select')!, { target: { value: 'GOLD' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/es/catalog?plan=GOLD'));
    await waitFor(() => expect(productRequests.at(-1)?.get('plan')).toBe('GOLD'));
    expect(screen.getByLabelText('Ordenar por')).toBeInTheDocument();
  });
});
