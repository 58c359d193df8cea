// @vitest-environment node
// The catalog as the server draws it, for a browser whose scripts have not started (a slow phone)
// or never will: its filters, sort, "covered only", the phone's "Filters" and the header's "Search"
// are plain GET forms of the catalog's address, whose fields are named as its parameters; the
// phone's filters and the search field are shown by CSS while the address's #fragment names them
// (what a browser sends and shows without the scripts: e2e/specs/catalog-no-script.spec.ts).
// @ts-expect-error -- jsdom ships no types of its own (and @types/jsdom is not in the workspace).
import * as jsdom from 'jsdom';
import { render, type RenderResult } from '../../entry-server';
import { productsFixture, useCatalogHandlers } from './catalog-fixtures';
import { useGuestCartApi } from '../../test/fake-cart-api';

const ORIGIN = 'https://shop.example';
/** jsdom's parser (a browser's reading of the server's HTML), typed as this file uses it. */
const { JSDOM } = jsdom as { JSDOM: new (html: string) => { window: { document: Document } } };

function renderAt(path: string, cookie = 'locale=en'): Promise<RenderResult> {
  return render(new Request(`${ORIGIN}${path}`, { headers: { cookie } }), { fetch, origin: ORIGIN });
}

/** The page's body as a document, to read the forms as a browser would. */
async function drawn(path: string, cookie?: string): Promise<Document> {
  const result = await renderAt(path, cookie);
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.location}`);
  expect(result.status).toBe(200);
  return new JSDOM(`<!doctype html><body>${result.body}</body>`).window.document;
}

/** The form around an element, and what it would send: its hidden fields, in order. */
function formOf(element: Element | null): HTMLFormElement {
  const form = element?.closest('form');
  if (!form) throw new Error('no form around the element');
  return form;
}

function hiddenFields(form: HTMLFormElement): [string, string][] {
  return [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [input.name, input.value]);
}

/** The visible text of a button (its icon is hidden). */
function submitTexts(form: HTMLFormElement): string[] {
  return [...form.querySelectorAll('button[type="submit"]')].map((button) => button.textContent?.trim() ?? '');
}

beforeEach(() => useCatalogHandlers());

describe('the catalog without scripts: its GET forms', () => {
  it('category, brand and price range are one form of the address; the other parameters ride along, never page', async () => {
    const document = await drawn('/catalog?category=1&brand=Nature+Health&sort=price-desc&q=vitamin&coverage=all&page=2');
    const aside = document.querySelector('main aside')!;
    const forms = aside.querySelectorAll('form');
    expect(forms).toHaveLength(1);
    const form = forms[0]!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/catalog');
    expect(form.querySelector<HTMLSelectElement>('select[name="category"]')!.value).toBe('1');
    expect(form.querySelector<HTMLSelectElement>('select[name="brand"]')!.value).toBe('Nature Health');
    expect(form.querySelector('input[name="priceMin"]')).not.toBeNull();
    expect(form.querySelector('input[name="priceMax"]')).not.toBeNull();
    expect(hiddenFields(form)).toEqual([
      ['sort', 'price-desc'],
      ['q', 'vitamin'],
      ['coverage', 'all'],
    ]);
    expect(submitTexts(form)).toEqual(['Apply filters']);
  });

  it('the sort is a form of the address with its own button; in Spanish too', async () => {
    // `added` (the note of an add sent without scripts) is not carried on to the next page.
    const document = await drawn('/es/catalog?category=2&sort=price-asc&page=3&added=1', 'locale=es');
    const select = document.querySelector<HTMLSelectElement>('select[name="sort"]')!;
    expect(select.value).toBe('price-asc');
    expect(document.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Ordenar por');
    const form = formOf(select);
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/es/catalog');
    expect(hiddenFields(form)).toEqual([['category', '2']]);
    expect(submitTexts(form)).toEqual(['Ordenar']);
    expect(formOf(document.querySelector('select[name="category"]'))).not.toBe(form);
  });

  it('"covered only" is a checkbox of a form of the address (coverage=covered), drawn ticked from it', async () => {
    const cookie = 'locale=en; otc_plan=GOLD';
    const plain = await drawn('/catalog?sort=name-asc&plan=GOLD', cookie);
    const box = plain.querySelector<HTMLInputElement>('input[type="checkbox"][name="coverage"]')!;
    expect(box.value).toBe('covered');
    expect(box.checked).toBe(true);
    const form = formOf(box);
    expect(form.getAttribute('method')).toBe('get');
    // An old link's plan goes with the choice: the box says it now.
    expect(hiddenFields(form)).toEqual([['sort', 'name-asc']]);
    expect(submitTexts(form)).toEqual(['Apply']);

    const covered = await drawn('/catalog?coverage=covered', cookie);
    expect(covered.querySelector<HTMLInputElement>('input[type="checkbox"][name="coverage"]')!.checked).toBe(true);
    const every = await drawn('/catalog', cookie);
    expect(every.querySelector<HTMLInputElement>('input[type="checkbox"][name="coverage"]')!.checked).toBe(false);
  });

  it('the phone\'s "Filters" is a GET of the same address with #catalog-filters, which the filters are shown for', async () => {
    const document = await drawn('/catalog?category=1&page=2');
    const button = [...document.querySelectorAll('main button')].find((element) => element.textContent === 'Filters')!;
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.hasAttribute('name')).toBe(false);
    const form = formOf(button);
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/catalog#catalog-filters');
    // The same list (page too): only the fragment changes, so the browser draws no new page.
    expect(hiddenFields(form)).toEqual([
      ['category', '1'],
      ['page', '2'],
    ]);
    // Hidden on a phone until the address names it (shown from the wide layout's width).
    const aside = document.querySelector('aside#catalog-filters')!;
    expect([...aside.classList]).toEqual(expect.arrayContaining(['hidden', 'target:block', '@5xl:block']));
  });

  it('"Clear filters" and "Clear search" are forms of the address without them', async () => {
    const document = await drawn('/catalog?q=vitamin&category=1&priceMin=2&sort=price-asc');
    const buttons = [...document.querySelectorAll('button[type="submit"]')];
    const clearFilters = formOf(buttons.find((button) => button.textContent === 'Clear filters')!);
    expect(hiddenFields(clearFilters)).toEqual([
      ['q', 'vitamin'],
      ['sort', 'price-asc'],
    ]);
    const clearSearch = formOf(buttons.find((button) => button.textContent === 'Clear search')!);
    expect(hiddenFields(clearSearch)).toEqual([
      ['category', '1'],
      ['priceMin', '2'],
      ['sort', 'price-asc'],
    ]);
  });

  it.each([
    ['en', '/catalog', 'locale=en', 'Search products', 'Search'],
    ['es', '/es/catalog', 'locale=es', 'Buscar productos', 'Buscar'],
  ])('%s: the header\'s "Search" is a GET of the catalog\'s search field, a form that sends q', async (_, catalog, cookie, label, search) => {
    const home = await drawn(catalog.replace('/catalog', '') || '/', cookie);
    const header = home.querySelector('header')!;
    const button = [...header.querySelectorAll('button')].find((element) => element.textContent === search)!;
    expect(button.type).toBe('submit');
    expect(formOf(button).getAttribute('method')).toBe('get');
    expect(formOf(button).getAttribute('action')).toBe(`${catalog}#catalog-search`);
    expect(hiddenFields(formOf(button))).toEqual([]);

    const page = await drawn(`${catalog}?q=vitamin&sort=price-asc&page=2`, cookie);
    const form = page.querySelector<HTMLFormElement>('form#catalog-search')!;
    expect(form.getAttribute('role')).toBe('search');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe(catalog);
    // Hidden until the address names it.
    expect([...form.classList]).toEqual(expect.arrayContaining(['hidden', 'target:flex']));
    const field = form.querySelector<HTMLInputElement>('input[name="q"]')!;
    expect(page.querySelector(`label[for="${field.id}"]`)?.textContent).toBe(label);
    // The words searched are in it.
    expect(field.value).toBe('vitamin');
    expect(hiddenFields(form)).toEqual([['sort', 'price-asc']]);
    expect(submitTexts(form)).toEqual([search]);
  });

  it('answers an address with the empty fields a form sends with the clean one', async () => {
    expect(
      await renderAt('/catalog?category=&brand=&priceMin=&priceMax=5&sort=default&q=vitamin&page=1'),
    ).toMatchObject({ kind: 'redirect', location: '/catalog?priceMax=5&q=vitamin' });
    expect(await renderAt('/es/catalog?sort=default&coverage=all&q=', 'locale=es')).toMatchObject({
      kind: 'redirect',
      location: '/es/catalog?coverage=all',
    });
    expect(await renderAt('/catalog?category=&brand=')).toMatchObject({ kind: 'redirect', location: '/catalog' });
  });
});

describe("a list's Add without scripts", () => {
  /** The cart's form post as a browser without the scripts sends it. */
  const postAdd = (productId: number, redirectTo: string) =>
    render(
      new Request(`${ORIGIN}/cart`, {
        method: 'POST',
        headers: { cookie: 'locale=en', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'add', productId: String(productId), amount: '1', redirectTo }).toString(),
      }),
      { fetch, origin: ORIGIN },
    );

  it("comes back to the product's card (#product-<id>, which each card of the list is); its own item page at the top", async () => {
    useGuestCartApi({ products: productsFixture });
    expect(await postAdd(2, '/catalog?sort=name-asc')).toMatchObject({
      kind: 'redirect',
      location: '/catalog?sort=name-asc&added=2#product-2',
    });
    expect(await postAdd(7, '/item/7')).toMatchObject({ kind: 'redirect', location: '/item/7?added=7' });
    const page = await drawn('/catalog?sort=name-asc');
    const card = page.querySelector('main li#product-2');
    expect(card?.querySelector('h3')?.textContent).toBe(productsFixture.find((row) => row.id === 2)!.name);
  });
});
