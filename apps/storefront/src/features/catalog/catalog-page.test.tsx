import { act, fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Customer } from '@otc/sdk';
import { API, server } from '../../test/server';
import { customerOf, draftOf } from '../../test/fixtures';
import { currentUrl, renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { holdProductList, productDetailRequests, productRequests, tokenPlan, useCatalogHandlers } from './catalog-fixtures';

function productNames(): string[] {
  const list = screen.getByRole('list', { name: /^(Products|Productos)$/ });
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

  it('a reversed price range is refused with a message, not searched', async () => {
    const { router } = await renderApp('/catalog');
    await waitForProducts(4);
    const from = screen.getAllByLabelText('From ($)')[0]!;
    const to = screen.getAllByLabelText('To ($)')[0]!;
    fireEvent.change(from, { target: { value: '20' } });
    fireEvent.change(to, { target: { value: '5' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply filters' })[0]!);
    const message = 'The “From” price is higher than the “To” price. Change one of them.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(message);
    expect(from).toHaveFocus();
    expect(currentUrl(router)).toBe('/catalog');
    // Put right, it is applied.
    fireEvent.change(from, { target: { value: '2' } });
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Apply filters' })[0]!);
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?priceMin=2&priceMax=5'));
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
    // The answer waits until the cleared list has been looked at, however busy the machine.
    const answer = holdProductList();
    // The categories are read apart from the products: the one chosen must be offered first.
    await screen.findByRole('option', { name: 'First aid (4)' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '2' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?category=2'));
    // As soon as the page shows the new filter, the old pages are gone (skeletons or new rows).
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('2'));
    expect(productNames()).toEqual([]);
    expect(screen.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'true');
    answer();
    await waitFor(() =>
      expect(productNames()).toEqual(['Bandage G', 'Bandage H', 'Bandage I', 'Bandage J']),
    );
    expect(productRequests.map((params) => [params.get('category'), params.get('page')])).toEqual([
      ['2', '1'],
    ]);
    expect(screen.getByText('4 products')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Show \d+ more product/ })).not.toBeInTheDocument();
  });

  it('load more says how many come and are left, appends the next page, keeps it in the address and focuses its first card', async () => {
    const { router } = await renderApp('/catalog');
    await waitForProducts(4);
    // A link to the next page's address (the server draws it without the scripts).
    const more = screen.getByRole('link', { name: 'Show 4 more products (6 left)' });
    expect(more).toHaveAttribute('href', '/catalog?page=2');
    fireEvent.click(more);
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?page=2'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitForProducts(8);
    // The focus is on the first new card (never left below them), and what came is said.
    await waitFor(() => expect(document.activeElement?.closest('li')).toHaveTextContent('Vitamin E'));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('4 more products shown');
    expect(productNames().slice(0, 5)).toEqual([
      'Vitamin A',
      'Vitamin B',
      'Vitamin C',
      'Vitamin D',
      'Vitamin E',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Show 2 more products (2 left)' }));
    await waitForProducts(10);
    expect(currentUrl(router)).toBe('/catalog?page=3');
    expect(screen.queryByRole('link', { name: /^Show \d+ more product/ })).not.toBeInTheDocument();
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

  it('an old link naming a plan (plan=) still filters by it, as a removable chip; the sidebar has no plan filter (issue 33, item 4)', async () => {
    setLocaleCookie('es');
    const { router } = await renderApp('/es/catalog?plan=GOLD');
    const chip = await screen.findByRole('button', { name: 'Quitar el filtro: Solo lo que cubre Gold Advantage' });
    await waitFor(() => expect(productRequests.at(-1)?.get('plan')).toBe('GOLD'));
    expect(screen.queryByRole('combobox', { name: 'Plan de salud' })).not.toBeInTheDocument();
    fireEvent.click(chip);
    await waitFor(() => expect(currentUrl(router)).toBe('/es/catalog'));
    await waitFor(() => expect(productRequests.at(-1)?.has('plan')).toBe(false));
  });
});

describe('catalog: the GET forms with the scripts (they work without them too)', () => {
  beforeEach(() => {
    setLocaleCookie('en');
    useCatalogHandlers();
  });

  it('"Sort" applies a sort chosen before the scripts started, as one history entry', async () => {
    const { router } = await renderApp('/catalog?category=1&page=2');
    await waitForProducts(6);
    // Chosen with no change event (the scripts were not there to see it): only the form has it.
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    select.value = 'price-desc';
    fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?category=1&sort=price-desc'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(productRequests.at(-1)?.get('sort')).toBe('price-desc'));
  });

  it('"Apply filters" applies category, brand and price range at once; the focus stays on it', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/catalog?sort=name-asc');
    await waitForProducts(4);
    await screen.findByRole('option', { name: 'First aid (4)' });
    await screen.findByRole('option', { name: 'CarePlus' });
    screen.getByRole<HTMLSelectElement>('combobox', { name: 'Category' }).value = '2';
    screen.getByRole<HTMLSelectElement>('combobox', { name: 'Brand' }).value = 'CarePlus';
    await user.type(screen.getByLabelText('From ($)'), '7');
    await user.type(screen.getByLabelText('To ($)'), '9.5');
    const apply = screen.getByRole('button', { name: 'Apply filters' });
    await user.click(apply);
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/catalog?sort=name-asc&category=2&brand=CarePlus&priceMin=7&priceMax=9.5'),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('2'));
    // The form is not drawn anew: what was typed and the focus stay.
    expect(apply).toHaveFocus();
    expect(screen.getByLabelText('From ($)')).toHaveValue(7);
    // Back: the fields show the address's range again.
    act(() => void router.navigate(-1));
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?sort=name-asc'));
    await waitFor(() => expect(screen.getByLabelText('From ($)')).toHaveValue(null));
    expect(screen.getByLabelText('To ($)')).toHaveValue(null);
  });

  it('"Filters" opens the drawer, not the address; closed, the focus is back on it', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/catalog');
    await waitForProducts(4);
    const button = screen.getByRole('button', { name: 'Filters' });
    await user.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByRole('combobox', { name: 'Category' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/catalog');
    await user.click(within(drawer).getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('covered only: "Apply" applies a tick made before the scripts started', async () => {
    document.cookie = 'otc_plan=GOLD; path=/';
    const { router } = await renderApp('/catalog?sort=name-asc');
    await waitForProducts(4);
    const only = await screen.findByRole<HTMLInputElement>('checkbox', { name: 'Show only items Gold Advantage covers' });
    only.checked = true;
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?sort=name-asc&coverage=covered'));
    await waitFor(() => expect(productRequests.at(-1)?.get('plan')).toBe('GOLD'));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Show only items Gold Advantage covers' })).toBeChecked());
  });

  it('the catalog\'s search field (the header\'s "Search" without the scripts) searches in the page, keeping the words and the focus', async () => {
    const user = userEvent.setup();
    setLocaleCookie('es');
    const { router } = await renderApp('/es/catalog?sort=price-asc');
    await waitForProducts(4);
    const field = screen.getByRole('searchbox', { name: 'Buscar productos' });
    await user.type(field, 'band-aid{Enter}');
    await waitFor(() => expect(currentUrl(router)).toBe('/es/catalog?sort=price-asc&q=band-aid'));
    expect(await screen.findByText('Resultados para “band-aid”')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('band-aid');
    await waitFor(() => expect(productRequests.at(-1)?.get('q')).toBe('band-aid'));
  });

  it('an address with the empty fields of a plain form is replaced by the clean one', async () => {
    const { router } = await renderApp('/catalog?category=&brand=&priceMin=&priceMax=&sort=default&q=band-aid');
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?q=band-aid'));
    expect(await screen.findByText('Results for “band-aid”')).toBeInTheDocument();
  });
});

describe('catalog: words searched (q) with every filter (issue 19)', () => {
  beforeEach(() => {
    setLocaleCookie('en');
    useCatalogHandlers();
  });

  it('searches with q, sort and category together, keeps them in the address, and clears the words alone', async () => {
    const { router } = await renderApp('/catalog?q=band-aid&sort=price-desc');
    expect(await screen.findByText('Results for “band-aid”')).toBeInTheDocument();
    expect(await screen.findByTestId('search-matches')).toHaveTextContent(
      'Showing bandage, the generic of Band-Aid',
    );
    expect(await screen.findByText('4 products')).toBeInTheDocument();
    await waitFor(() =>
      expect(productNames()).toEqual(['Bandage J', 'Bandage I', 'Bandage H', 'Bandage G']),
    );
    expect(productRequests.at(-1)?.get('q')).toBe('band-aid');
    expect(productRequests.at(-1)?.get('sort')).toBe('price-desc');

    // The categories are read apart from the products: the one chosen must be offered first.
    await screen.findByRole('option', { name: 'First aid (4)' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '2' } });
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/catalog?q=band-aid&sort=price-desc&category=2'),
    );
    await waitFor(() => expect(productRequests.at(-1)?.get('category')).toBe('2'));
    expect(productRequests.at(-1)?.get('q')).toBe('band-aid');
    // The page shows the new address (its render follows the router's in a transition).
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('2'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?sort=price-desc&category=2'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(productRequests.at(-1)?.has('q')).toBe(false));
    await waitFor(() => expect(screen.queryByText(/^Results for/)).not.toBeInTheDocument());
  });

  it('in Spanish: what the words were found as, the true total and load more with q kept', async () => {
    setLocaleCookie('es');
    const { router } = await renderApp('/es/catalog?q=vitamns');
    expect(await screen.findByText('Resultados para “vitamns”')).toBeInTheDocument();
    expect(await screen.findByTestId('search-matches')).toHaveTextContent(
      'Mostrando resultados para vitamin',
    );
    expect(await screen.findByText('6 productos')).toBeInTheDocument();
    await waitForProducts(4);
    fireEvent.click(screen.getByRole('link', { name: 'Mostrar 2 productos más (quedan 2)' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/es/catalog?q=vitamns&page=2'));
    await waitForProducts(6);
    expect(productRequests.at(-1)?.get('q')).toBe('vitamns');
    expect(productRequests.at(-1)?.get('page')).toBe('2');
  });

  it('words that find nothing offer the product request with the words as its name', async () => {
    await renderApp('/catalog?q=unicorn');
    expect(
      await screen.findByRole('heading', { name: 'Nothing was found for “unicorn”' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Check the spelling or try a shorter word.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask us to add the product' })).toHaveAttribute(
      'href',
      '/request-new-product?name=unicorn',
    );
  });
});

describe('catalog: a guest asks for a missing product', () => {
  beforeEach(() => useCatalogHandlers());

  it.each([
    ['en', '/catalog?q=ginger%20kombucha', 'Ask us to add the product', '/login?redirect=%2Frequest-new-product%3Fname%3Dginger%2Bkombucha', 'Sign in to ask us for a product.'],
    ['es', '/es/catalog?q=kombucha%20de%20jengibre', 'Pídanos que agreguemos el producto', '/es/login?redirect=%2Fes%2Frequest-new-product%3Fname%3Dkombucha%2Bde%2Bjengibre', 'Inicie sesión para pedirnos un producto.'],
  ])('%s: the sign-in page says why, and leads back to the request', async (locale, path, link, login, reason) => {
    setLocaleCookie(locale as 'en' | 'es');
    const { router } = await renderApp(path);
    fireEvent.click(await screen.findByRole('link', { name: link }));
    await waitFor(() => expect(currentUrl(router)).toBe(login));
    expect(await screen.findByText(reason)).toBeInTheDocument();
  });

  it('the sign-in page without that redirect gives no such reason', async () => {
    setLocaleCookie('en');
    await renderApp('/login?redirect=%2Faccount%2Forders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Sign in to ask us for a product.')).not.toBeInTheDocument();
  });
});

describe('catalog: plan coverage (issue 19)', () => {
  let chosen: unknown[] = [];
  let member: Customer;

  function useMember(plan: { code: string; name: string } | null) {
    member = customerOf({ insurancePlan: plan });
    tokenPlan.code = plan?.code ?? null;
    signIn();
    server.use(
      http.get(`${API}/api/auth/me`, () => HttpResponse.json(member)),
      http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(draftOf([], { id: 1 }))),
      http.get(`${API}/api/favorites`, () => HttpResponse.json([])),
      http.put(`${API}/api/customer/health-plan`, async ({ request }) => {
        const body = (await request.json()) as { code: string };
        chosen.push(body);
        member = customerOf({ insurancePlan: { code: body.code, name: 'Silver Care' } });
        tokenPlan.code = body.code;
        return HttpResponse.json(member);
      }),
    );
  }

  beforeEach(() => {
    chosen = [];
    useCatalogHandlers();
  });

  it('a member sees every item with its mark; covered only is their own explicit choice (issue 33, item 4)', async () => {
    setLocaleCookie('en');
    useMember({ code: 'GOLD', name: 'Gold Advantage' });
    const { router } = await renderApp('/catalog');
    expect(await screen.findByText('Gold Advantage')).toBeInTheDocument();
    await waitFor(() => expect(productNames()).toContain('Vitamin B'));
    expect(productRequests.at(-1)?.has('plan')).toBe(false);
    // The card's heart is a post of the new state to the item's action, which comes back to the
    // card (without the scripts); the card is the list's <li id="product-<id>">.
    const heart = within(card('Vitamin B')).getByRole('button', { name: 'Favorite: Vitamin B' });
    expect(heart.closest('form')).toHaveAttribute('method', 'post');
    expect(heart.closest('form')!.getAttribute('action')).toMatch(/^\/item\/\d+$/);
    expect(Object.fromEntries(new FormData(heart.closest('form')!))).toMatchObject({ intent: 'favorite', favorite: 'true', redirectTo: '/catalog' });
    expect(heart.closest('li')!.id).toBe(`product-${heart.closest('form')!.getAttribute('action')!.slice('/item/'.length)}`);
    // The marks of the plan (from the token): not covered, with the way to why.
    expect(within(card('Vitamin B')).getByText('Not covered')).toBeInTheDocument();
    expect(
      within(card('Vitamin B')).getByRole('link', { name: 'Why is Vitamin B not covered?' }),
    ).toHaveAttribute('href', '/docs/items-eligibility');
    expect(within(card('Vitamin A')).getByText('Covered by your plan')).toBeInTheDocument();

    const only = screen.getByRole('checkbox', { name: 'Show only items Gold Advantage covers' });
    expect(only).not.toBeChecked();
    fireEvent.click(only);
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog?coverage=covered'));
    await waitFor(() => expect(productRequests.at(-1)?.get('plan')).toBe('GOLD'));
    await waitFor(() => expect(productNames()).not.toContain('Vitamin B'));
    expect(screen.getByRole('checkbox', { name: 'Show only items Gold Advantage covers' })).toBeChecked();

    // Back puts every item back.
    act(() => void router.navigate(-1));
    await waitFor(() => expect(currentUrl(router)).toBe('/catalog'));
    await waitFor(() => expect(productNames()).toContain('Vitamin B'));
  });

  it('an old link saying every item (coverage=all) shows every item with its mark', async () => {
    setLocaleCookie('en');
    useMember({ code: 'GOLD', name: 'Gold Advantage' });
    await renderApp('/catalog?coverage=all');
    await waitFor(() => expect(productNames()).toContain('Vitamin B'));
    expect(productRequests.at(-1)?.has('plan')).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Show only items Gold Advantage covers' })).not.toBeChecked();
  });

  it.each([
    ['en', '/catalog?q=ginger%20kombucha&coverage=covered', 'No products match these filters', 'Clear filters', 'Ask us to add the product', '/request-new-product?name=ginger+kombucha'],
    ['es', '/es/catalog?q=kombucha%20de%20jengibre&coverage=covered', 'Ningún producto coincide con estos filtros', 'Borrar filtros', 'Pídanos que agreguemos el producto', '/es/request-new-product?name=kombucha+de+jengibre'],
  ])('%s: a member’s plan filter and words that find nothing: the product request is offered besides clearing the filters', async (locale, path, title, clear, request, href) => {
    setLocaleCookie(locale as 'en' | 'es');
    useMember({ code: 'GOLD', name: 'Gold Advantage' });
    await renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: clear }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: request })).toHaveAttribute('href', href);
  });

  it('in Spanish, the member’s marks and chip are Spanish', async () => {
    setLocaleCookie('es');
    useMember({ code: 'GOLD', name: 'Gold Advantage' });
    await renderApp('/es/catalog?coverage=all');
    await waitFor(() => expect(productNames()).toContain('Vitamin B'));
    expect(within(card('Vitamin B')).getByText('No cubierto')).toBeInTheDocument();
    expect(
      within(card('Vitamin B')).getByRole('link', { name: '¿Por qué su plan no cubre Vitamin B?' }),
    ).toHaveAttribute('href', '/es/docs/items-eligibility');
    expect(within(card('Vitamin A')).getByText('Cubierto por su plan')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mostrar solo lo que cubre Gold Advantage' }));
    await waitFor(() => expect(productRequests.at(-1)?.get('plan')).toBe('GOLD'));
  });

  it('a guest picks a plan: kept in the otc_plan cookie, its marks on every item; covered only is apart; forgetting it drops them', async () => {
    setLocaleCookie('en');
    const { router } = await renderApp('/catalog');
    await waitForProducts(4);
    expect(document.querySelector('[data-covered]')).toBeNull();
    // One plan control: the sidebar has no plan filter.
    expect(screen.queryByRole('combobox', { name: 'Health plan' })).not.toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Your health plan' });
    await within(picker).findByRole('option', { name: 'Silver Care (Sunrise Health)' });
    fireEvent.change(picker, { target: { value: 'SILVER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show my coverage' }));
    await waitFor(() => expect(document.cookie).toContain('otc_plan=SILVER'));
    expect(localStorage.getItem('guest-health-plan')).toBeNull();
    // Every item, with its mark: nothing is hidden.
    await waitFor(() => expect(within(card('Vitamin A')).getByText('Not covered')).toBeInTheDocument());
    expect(productRequests.at(-1)?.has('plan')).toBe(false);
    expect(productRequests.at(-1)?.get('coveragePlan')).toBe('SILVER');
    expect(screen.getByText('Silver Care')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/catalog');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show only items Silver Care covers' }));
    await waitFor(() =>
      expect(productNames()).toEqual(['Bandage G', 'Bandage H', 'Bandage I', 'Bandage J']),
    );
    expect(currentUrl(router)).toBe('/catalog?coverage=covered');
    expect(productRequests.at(-1)?.get('plan')).toBe('SILVER');
    expect(within(card('Bandage G')).getByText('Covered by your plan')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Forget my plan' }));
    await waitFor(() => expect(document.querySelector('[data-covered]')).toBeNull());
    expect(document.cookie).not.toContain('otc_plan=');
    // The choice is offered again.
    expect(screen.getByRole('combobox', { name: 'Your health plan' })).toBeInTheDocument();
  });

  it('a plan kept in this browser’s storage before (issue 29) moves into the cookie once', async () => {
    setLocaleCookie('en');
    localStorage.setItem('guest-health-plan', 'SILVER');
    await renderApp('/catalog');
    await waitFor(() => expect(document.cookie).toContain('otc_plan=SILVER'));
    expect(localStorage.getItem('guest-health-plan')).toBeNull();
    expect(await screen.findByText('Silver Care')).toBeInTheDocument();
  });

  it('the guest’s plan goes into the new account at sign-up, then is forgotten', async () => {
    setLocaleCookie('es');
    document.cookie = 'otc_plan=SILVER; path=/';
    useMember(null);
    await renderApp('/es/catalog');
    await waitFor(() => expect(chosen).toEqual([{ code: 'SILVER' }]));
    await waitFor(() => expect(document.cookie).not.toContain('otc_plan='));
    expect(
      await screen.findByText('Su plan de salud Silver Care se guardó en su cuenta.'),
    ).toBeInTheDocument();
    // Now the account's plan: the marks are the member's.
    expect(await screen.findByRole('checkbox', { name: 'Mostrar solo lo que cubre Silver Care' })).toBeInTheDocument();
  });

  it('an account that has a plan keeps it: the guest’s choice is dropped', async () => {
    setLocaleCookie('en');
    document.cookie = 'otc_plan=SILVER; path=/';
    useMember({ code: 'GOLD', name: 'Gold Advantage' });
    await renderApp('/catalog');
    await waitFor(() => expect(document.cookie).not.toContain('otc_plan='));
    await waitForProducts(4);
    expect(chosen).toEqual([]);
    expect(await screen.findByText('Gold Advantage')).toBeInTheDocument();
  });

  it('the item page marks the item and its similar ones for a guest’s plan', async () => {
    setLocaleCookie('en');
    document.cookie = 'otc_plan=GOLD; path=/';
    await renderApp('/item/2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vitamin B' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findAllByText('Not covered')).not.toHaveLength(0);
    expect(within(main).getByRole('link', { name: 'Why is Vitamin B not covered?' })).toHaveAttribute(
      'href',
      '/docs/items-eligibility',
    );
    expect(productDetailRequests.at(-1)?.get('coveragePlan')).toBe('GOLD');
    expect(within(card('Vitamin A')).getByText('Covered by your plan')).toBeInTheDocument();
  });
});
