import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { Providers } from '../../app/providers';
import { activateLocale } from '../../lib/i18n';
import { API, server } from '../../test/server';
import { searchOpened } from '../../kernel/ui-slice';
import { loadSearchModal, SearchSlot } from '../../app/search-slot';
import { customerOf } from '../../test/fixtures';
import { createVisitorStore, signIn } from '../../test/render-app';
import type { SearchAnswer } from './search-api';

const categories = [
  { id: 1, name: 'Vitamins', slug: 'vitamins', productCount: 12 },
  { id: 2, name: 'First aid', slug: 'first-aid', productCount: 8 },
];

const vitaminAnswer: SearchAnswer = {
  status: 'success',
  products: [
    {
      id: 501,
      name: 'Vitamin D3 1000 IU, 100 softgels',
      price: '8.49',
      manufacturer: 'Nature Health',
      mainImage: '/api/images/501.webp',
      categoryId: 1,
      categoryName: 'Vitamins',
    },
  ],
  categories: [{ id: 1, name: 'Vitamins' }],
};

/** Every search request the API received, in order. */
let searches: URLSearchParams[] = [];

function useSearchHandler(answer: (q: string) => SearchAnswer | Response) {
  server.use(
    http.get(`${API}/api/search/products`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      searches.push(params);
      const result = answer(params.get('q') ?? '');
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
}

async function renderModal(path = '/') {
  await activateLocale(path.startsWith('/es') ? 'es' : 'en');
  const store = createVisitorStore();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <button type="button">outside</button>
            <SearchSlot />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>home page</p> },
          { path: 'catalog', element: <p>catalog page</p> },
          { path: 'item/:id', element: <p>item page</p> },
          { path: 'request-new-product', element: <p>request page</p> },
          { path: 'es', element: <p>inicio</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers store={store} prefetch={() => {}}>
      <RouterProvider router={router} />
    </Providers>,
  );
  act(() => {
    store.dispatch(searchOpened());
  });
  const dialog = await screen.findByRole('dialog', { name: /search products|buscar productos/i });
  const input = within(dialog).getByRole('searchbox');
  return { store, router, dialog, input };
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

// The slot loads the modal's module at idle time or on first open; these tests start with it
// loaded (as after the idle warm-up), so opening draws it at once even under fake timers.
beforeAll(async () => {
  await loadSearchModal();
});

beforeEach(() => {
  searches = [];
  server.use(http.get(`${API}/api/catalog/categories`, () => HttpResponse.json(categories)));
});

describe('search modal: typing and timing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    // Testing Library advances fake timers while it waits only when it sees a `jest` global.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('focuses the input on open and searches 500 ms after the last key', async () => {
    useSearchHandler(() => vitaminAnswer);
    const { input } = await renderModal();
    expect(input).toHaveFocus();

    type(input, 'vit');
    await advance(499);
    expect(searches).toHaveLength(0);
    await advance(1);
    await advance(0);
    expect(searches).toHaveLength(1);
    expect(searches[0]?.get('q')).toBe('vit');
    expect(await screen.findByRole('heading', { name: 'Products found: 1' })).toBeInTheDocument();
  });

  it('the "type at least 3 letters" hint stays while searching and goes once results are shown', async () => {
    useSearchHandler(() => vitaminAnswer);
    const { dialog, input } = await renderModal();
    const hint = 'Type at least 3 letters of a product, brand or category.';
    expect(within(dialog).getByText(hint)).toBeInTheDocument();
    type(input, 'vitamin');
    expect(within(dialog).getByText(hint)).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByRole('heading', { name: 'Products found: 1' });
    expect(within(dialog).queryByText(hint)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('shows a loading skeleton while the search runs', async () => {
    useSearchHandler(() => vitaminAnswer);
    const { dialog, input } = await renderModal();
    type(input, 'vitamin');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Searching…');
    expect(within(dialog).queryByRole('heading', { name: /Products found/ })).not.toBeInTheDocument();
  });

  it('issue 33, item 21: the count is said in a status region that was in the dialog before the search', async () => {
    useSearchHandler(() => vitaminAnswer);
    const { dialog, input } = await renderModal();
    // Nothing typed yet: the region is there, empty.
    const region = within(dialog).getByRole('status');
    expect(region).toBeEmptyDOMElement();
    type(input, 'vitamin');
    expect(region).toHaveTextContent('Searching…');
    fireEvent.keyDown(input, { key: 'Enter' });
    await within(dialog).findByRole('heading', { name: 'Products found: 1' });
    // The same element, its text changed; no other status region came with the answer.
    expect(region).toBeInTheDocument();
    expect(region).toHaveTextContent('Products found: 1');
    expect(within(dialog).getAllByRole('status')).toEqual([region]);
  });

  it('searches at the latest 2000 ms after typing starts, even while typing goes on', async () => {
    useSearchHandler(() => vitaminAnswer);
    const { input } = await renderModal();
    const word = 'vitamin d3 softgels';
    // One key every 300 ms: the 500 ms quiet time never comes.
    for (let length = 3; length <= word.length; length += 1) {
      type(input, word.slice(0, length));
      await advance(300);
      const elapsed = (length - 2) * 300;
      if (elapsed < 2000) expect(searches).toHaveLength(0);
    }
    expect(searches.length).toBeGreaterThanOrEqual(1);
    // The forced search carried the text as it was at 2000 ms, not the finished word.
    expect(searches[0]?.get('q')).not.toBe(word);
    expect(searches[0]?.get('q')?.startsWith('vitamin')).toBe(true);
  });

  it('Enter applies the text at once, and again refreshes the same search', async () => {
    useSearchHandler(() => vitaminAnswer);
    const { input } = await renderModal();
    type(input, 'vitamin');
    fireEvent.keyDown(input, { key: 'Enter' });
    await advance(0);
    expect(searches).toHaveLength(1);
    expect(searches[0]?.get('q')).toBe('vitamin');
    await screen.findByRole('heading', { name: 'Products found: 1' });

    fireEvent.keyDown(input, { key: 'Enter' });
    await advance(0);
    expect(searches).toHaveLength(2);
    // The pending debounce was cancelled: no third call later.
    await advance(2500);
    expect(searches).toHaveLength(2);
  });

  it('sends the plan of the address and says the results are filtered', async () => {
    useSearchHandler(() => vitaminAnswer);
    const { input } = await renderModal('/catalog?plan=uhc&category=2');
    type(input, 'vitamin');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Results are filtered by your health plan.')).toBeInTheDocument();
    expect(searches[0]?.get('plan')).toBe('uhc');
  });
});

describe('search modal: content', () => {
  it('under 3 characters lists all products and every category, the address category highlighted', async () => {
    const { dialog, input } = await renderModal('/catalog?category=2');
    type(input, 'vi');
    const all = within(dialog).getByRole('link', { name: 'All products' });
    expect(all).toHaveAttribute('href', '/catalog');
    expect(all).not.toHaveAttribute('aria-current');
    expect(await within(dialog).findByRole('link', { name: 'Vitamins' })).toHaveAttribute(
      'href',
      '/catalog?category=1',
    );
    const firstAid = within(dialog).getByRole('link', { name: 'First aid' });
    expect(firstAid).toHaveAttribute('href', '/catalog?category=2');
    expect(firstAid).toHaveAttribute('aria-current', 'true');
    expect(searches).toHaveLength(0);
  });

  it('shows each product with image, name, price, manufacturer and category links', async () => {
    useSearchHandler(() => vitaminAnswer);
    const { dialog, input } = await renderModal();
    type(input, 'vitamin');
    fireEvent.keyDown(input, { key: 'Enter' });
    await screen.findByRole('heading', { name: 'Products found: 1' });

    const name = within(dialog).getByRole('link', { name: 'Vitamin D3 1000 IU, 100 softgels' });
    expect(name).toHaveAttribute('href', '/item/501');
    const image = dialog.querySelector('img');
    expect(image).toHaveAttribute('src', 'http://shop.test/api/images/501.webp');
    expect(image).toHaveClass('h-24', 'w-24');
    expect(image?.closest('a')).toHaveAttribute('href', '/item/501');
    expect(within(dialog).getByText('$8.49')).toBeInTheDocument();
    expect(within(dialog).getByText('Nature Health')).toBeInTheDocument();
    const categoryLinks = within(dialog).getAllByRole('link', { name: 'Vitamins' });
    // The matching category of the answer, and the product's "from" link.
    expect(categoryLinks).toHaveLength(2);
    categoryLinks.forEach((link) => expect(link).toHaveAttribute('href', '/catalog?category=1'));
    expect(within(dialog).getByText(/^from/)).toBeInTheDocument();
  });

  it('nothing found: a message and a link to request the product', async () => {
    useSearchHandler(() => ({ status: 'success', products: [], categories: [] }));
    const { dialog, input } = await renderModal();
    type(input, 'unicorn tonic');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(
      await within(dialog).findByText('Nothing was found. Check the spelling or try a shorter word.'),
    ).toBeInTheDocument();
    // The request form opens with the words typed as the product's name.
    expect(within(dialog).getByRole('link', { name: 'Ask us to add the product' })).toHaveAttribute(
      'href',
      '/request-new-product?name=unicorn+tonic',
    );
  });

  it('a search error is shown as text above the results', async () => {
    useSearchHandler(() =>
      HttpResponse.json({ message: 'Search is unavailable right now' }, { status: 503 }),
    );
    const { dialog, input } = await renderModal();
    type(input, 'vitamin');
    fireEvent.keyDown(input, { key: 'Enter' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/^Search failed: /);
    expect(within(dialog).queryByRole('heading', { name: /Products found/ })).not.toBeInTheDocument();
  });

  it('in Spanish, the links keep the /es prefix and the texts are Spanish', async () => {
    useSearchHandler(() => ({ status: 'success', products: [], categories: [] }));
    const { dialog, input } = await renderModal('/es');
    expect(within(dialog).getByRole('link', { name: 'Todos los productos' })).toHaveAttribute('href', '/es/catalog');
    type(input, 'unicornio');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await within(dialog).findByRole('link', { name: 'Pídanos que agreguemos el producto' })).toHaveAttribute(
      'href',
      '/es/request-new-product?name=unicornio',
    );
  });
});

describe('search modal: what was matched, the true total and coverage (issue 19)', () => {
  const acetaminophen = {
    id: 12,
    name: 'CareWell Acetaminophen 500 mg caplets, 24 ct',
    price: '5.49',
    manufacturer: 'CareWell Labs',
    mainImage: '/api/images/products/12.svg',
    categoryId: 1,
    categoryName: 'Pain Relief',
  };
  const brandAnswer = (as: string, extra: Partial<SearchAnswer> = {}): SearchAnswer => ({
    status: 'success',
    products: [{ ...acetaminophen, coveredByPlan: null }],
    categories: [{ id: 1, name: 'Pain Relief' }],
    total: 23,
    matched: [{ kind: 'brand', term: 'Tylenol', as }],
    coveragePlan: null,
    ...extra,
  });

  async function search(input: HTMLElement, words: string) {
    type(input, words);
    fireEvent.keyDown(input, { key: 'Enter' });
  }

  it('a brand says what it was searched as, never "check the spelling", with the true total and a see-all link', async () => {
    useSearchHandler(() => brandAnswer('acetaminophen'));
    const { dialog, input } = await renderModal();
    await search(input, 'tylenol');
    expect(await within(dialog).findByRole('heading', { name: 'Products found: 23' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('search-matches')).toHaveTextContent(
      'Showing acetaminophen, the generic of Tylenol',
    );
    expect(within(dialog).queryByText(/check the spelling/i)).not.toBeInTheDocument();
    // One link under the count, one after the best 20 (only one of 23 is listed here).
    const seeAll = within(dialog).getAllByRole('link', { name: 'See all 23 results' });
    expect(seeAll).toHaveLength(2);
    seeAll.forEach((link) => expect(link).toHaveAttribute('href', '/catalog?q=tylenol'));
  });

  it('in Spanish: the generic in Spanish and the see-all link under /es', async () => {
    useSearchHandler(() => brandAnswer('acetaminofén'));
    const { dialog, input } = await renderModal('/es');
    await search(input, 'tylenol');
    expect(await within(dialog).findByRole('heading', { name: 'Productos encontrados: 23' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('search-matches')).toHaveTextContent(
      'Mostrando acetaminofén, el genérico de Tylenol',
    );
    expect(within(dialog).getAllByRole('link', { name: 'Ver los 23 resultados' })[0]).toHaveAttribute(
      'href',
      '/es/catalog?q=tylenol',
    );
  });

  it('a category name links to the category; words found as a synonym with no product never say "check the spelling"', async () => {
    useSearchHandler((q) =>
      q === 'incontinence'
        ? {
            status: 'success',
            products: [{ ...acetaminophen, id: 40, name: 'Protective underwear, M', categoryId: 10, categoryName: 'Incontinence' }],
            categories: [{ id: 10, name: 'Incontinence' }],
            total: 1,
            matched: [{ kind: 'category', term: 'incontinence', as: 'Incontinence', categoryId: 10 }],
            coveragePlan: null,
          }
        : brandAnswer('acetaminophen', { products: [], categories: [], total: 0 }),
    );
    const { dialog, input } = await renderModal();
    await search(input, 'incontinence');
    const matches = await within(dialog).findByTestId('search-matches');
    expect(matches).toHaveTextContent('Showing the category Incontinence');
    expect(within(matches).getByRole('link', { name: 'Incontinence' })).toHaveAttribute('href', '/catalog?category=10');

    await search(input, 'tylenol');
    expect(await within(dialog).findByText('None of these products is in the shop now.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/check the spelling/i)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Ask us to add the product' })).toHaveAttribute(
      'href',
      '/request-new-product?name=tylenol',
    );
  });

  it('a member searches within their plan by default (a removable chip), and every result says whether it is covered', async () => {
    signIn();
    server.use(
      http.get(`${API}/api/auth/me`, () =>
        HttpResponse.json(customerOf({ insurancePlan: { code: 'GOLD', name: 'Gold Advantage' } })),
      ),
    );
    useSearchHandler(() =>
      brandAnswer('acetaminophen', {
        products: [
          { ...acetaminophen, coveredByPlan: true },
          { ...acetaminophen, id: 13, name: 'Acetaminophen PM caplets', coveredByPlan: false },
        ],
        coveragePlan: 'GOLD',
      }),
    );
    const { dialog, input } = await renderModal();
    await search(input, 'tylenol');
    await within(dialog).findByRole('heading', { name: 'Products found: 23' });
    expect(searches.at(-1)?.get('plan')).toBe('GOLD');
    // The API knows a member's plan from the token: no coveragePlan is sent.
    expect(searches.at(-1)?.has('coveragePlan')).toBe(false);
    expect(within(dialog).getByText('Results are filtered by your health plan.')).toBeInTheDocument();
    expect(within(dialog).getByText('Covered by your plan')).toBeInTheDocument();
    expect(within(dialog).getByText('Not covered')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Why is Acetaminophen PM caplets not covered?' })).toHaveAttribute(
      'href',
      '/docs/items-eligibility',
    );
    expect(within(dialog).getAllByRole('link', { name: 'See all 23 results' })[0]).toHaveAttribute('href', '/catalog?q=tylenol');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove filter: Covered by your plan only' }));
    await waitForSearches(2);
    expect(searches.at(-1)?.has('plan')).toBe(false);
    await within(dialog).findByRole('button', { name: 'Show only items your plan covers' });
    // "See all" keeps the choice: every item, not only the covered ones.
    expect(within(dialog).getAllByRole('link', { name: 'See all 23 results' })[0]).toHaveAttribute(
      'href',
      '/catalog?q=tylenol&coverage=all',
    );
  });

  it('a guest’s chosen plan (the otc_plan cookie) marks and filters the results', async () => {
    document.cookie = 'otc_plan=SILVER; path=/';
    useSearchHandler(() => brandAnswer('acetaminophen', { coveragePlan: 'SILVER', products: [{ ...acetaminophen, coveredByPlan: true }] }));
    const { dialog, input } = await renderModal('/es');
    await search(input, 'tylenol');
    expect(await within(dialog).findByText('Cubierto por su plan')).toBeInTheDocument();
    expect(searches.at(-1)?.get('coveragePlan')).toBe('SILVER');
    expect(searches.at(-1)?.get('plan')).toBe('SILVER');
    expect(within(dialog).getByRole('button', { name: 'Quitar el filtro: Solo lo que cubre su plan' })).toBeInTheDocument();
  });
});

async function waitForSearches(count: number) {
  await vi.waitFor(() => expect(searches.length).toBeGreaterThanOrEqual(count));
}

describe('search modal: closing', () => {
  it('closes with the header close button and keeps the typed text for next time', async () => {
    const { store, dialog, input } = await renderModal();
    type(input, 'vi');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close search' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(searchOpened());
    });
    expect(await screen.findByRole('searchbox')).toHaveValue('vi');
  });

  it('closes with the footer close button', async () => {
    const { dialog } = await renderModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    const { input } = await renderModal();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with a click outside the panel', async () => {
    await renderModal();
    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes and navigates when a link is chosen', async () => {
    const { dialog, router } = await renderModal();
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Vitamins' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('catalog page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?category=1');
  });

  it('opens with the / key outside text fields', async () => {
    const { dialog } = await renderModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'outside' }), { key: '/' });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });
});
