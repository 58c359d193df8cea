// Where sign-in leads, who may stay on a page, and what happens around a sign-in: the redirect
// rules, the forced profile completion, the end of a session, the guest cart merged at sign-in.
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, server } from '../test/server';
import { currentUrl, renderApp, screen, setLocaleCookie, signIn, waitForUrl } from '../test/render-app';
import { guestCart } from '../lib/sdk';
import { customerOf, draftOf } from '../test/fixtures';
import { signInTarget } from './guards';
import { connectStore } from './store';
import { signInWith } from './session-slice';

const customerFixture = customerOf();
/** A new account: no names, no birthdate, no card. */
const newCustomerFixture = customerOf({
  id: 42,
  name: 'new@example.com',
  gender: null,
  birthdate: null,
  birthdateStr: null,
  firstName: null,
  lastName: null,
  activeInsuranceCard: null,
  insurancePlan: null,
});
const emptyDraftFixture = draftOf([], { id: 900 });

const vitaminC = {
  id: 7,
  name: 'Vitamin C 500 mg',
  price: '4.99',
  inStock: 9,
  status: null,
  brand: 'Acme',
  manufacturer: 'Acme Labs',
  categoryId: 2,
  categoryName: 'Vitamins',
  mainImage: '/images/7.jpg',
};

function serveCustomer(customer = customerFixture) {
  const patches: unknown[] = [];
  let current = customer;
  server.use(
    http.get(`${API}/api/auth/me`, () => HttpResponse.json(current)),
    http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(emptyDraftFixture)),
    http.patch(`${API}/api/customer/data`, async ({ request }) => {
      const patch = (await request.json()) as Record<string, unknown>;
      patches.push(patch);
      current = { ...current, ...patch } as typeof current;
      return HttpResponse.json(current);
    }),
  );
  return patches;
}

describe('signInTarget (the redirect rules)', () => {
  it('keeps the saved redirect with its query', () => {
    expect(signInTarget('/es/account/addresses?from=e2e&step=2', '/', 'es')).toBe('/es/account/addresses?from=e2e&step=2');
  });
  it('refuses redirects that leave the site and uses the configured default in the page language', () => {
    for (const unsafe of ['//evil.example', 'https://evil.example/x', '/%09/evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(signInTarget(unsafe, '/catalog', 'es')).toBe('/es/catalog');
      expect(signInTarget(unsafe, '/catalog', 'en')).toBe('/catalog');
    }
  });
  it('without a redirect or a default goes home', () => {
    expect(signInTarget(null, undefined, 'es')).toBe('/es');
    expect(signInTarget('', '//evil.example', 'en')).toBe('/');
  });
});

describe('redirects around sign-in', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('a signed-in customer opening /login goes to the saved redirect, query kept', async () => {
    signIn();
    serveCustomer();
    const { router } = await renderApp('/login?redirect=%2Fabout-us%3Fa%3D1%26b%3D2');
    await waitForUrl(router, '/about-us?a=1&b=2');
  });

  it('an unsafe redirect is refused: a signed-in customer on /login goes to the default instead', async () => {
    signIn();
    serveCustomer();
    const { router } = await renderApp('/login?redirect=%2F%2Fevil.example%2Fsteal');
    await waitForUrl(router, '/');
  });

  it('after a password sign-in the saved redirect (path and query) is followed', async () => {
    const user = userEvent.setup();
    // A customer whose interface language is the page's: the redirect is followed as it is.
    serveCustomer({ ...customerFixture, interfaceLanguage: 'es' });
    server.use(
      http.post(`${API}/api/auth/login`, () =>
        HttpResponse.json({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2ln', refresh_token: 'r2' }),
      ),
    );
    const { router } = await renderApp('/es/login/password?redirect=%2Fes%2Fabout-us%3Fx%3D1');
    await user.type(await screen.findByLabelText(/Correo electrónico o número de teléfono/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitForUrl(router, '/es/about-us?x=1');
    // The header knows who is signed in (`me`).
    expect(await screen.findByRole('button', { name: /^Mi cuenta/ })).toBeInTheDocument();
  });
});

describe('profile completion', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('an incomplete profile is sent after 500 ms to /account/complete, which asks only the missing fields and continues', async () => {
    const user = userEvent.setup();
    signIn();
    const patches = serveCustomer({ ...customerFixture, firstName: null, birthdate: null, birthdateStr: null });
    const { router } = await renderApp('/cart?promo=1');
    // Not at once: the redirect waits 500 ms after the page settles.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(currentUrl(router)).toBe('/cart?promo=1');
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/account/complete?fields=firstName,birthdate&continue=/cart%3Fpromo%3D1'),
    );
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Last name/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByLabelText(/^First name/)).toHaveAttribute('aria-invalid', 'true'));
    expect(patches).toHaveLength(0);

    await user.type(screen.getByLabelText(/^First name/), 'Rosa');
    await user.selectOptions(screen.getByLabelText('Month'), 'March');
    await user.type(screen.getByLabelText('Day'), '7');
    await user.type(screen.getByLabelText('Year'), '1951');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitForUrl(router, '/cart?promo=1');
    expect(patches).toEqual([{ firstName: 'Rosa', birthdate: '1951-03-07' }]);
    // Complete now: no further redirect.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(currentUrl(router)).toBe('/cart?promo=1');
  });

  it('pages that explain the shop are not interrupted', async () => {
    signIn();
    serveCustomer(newCustomerFixture);
    const { router } = await renderApp('/privacy-policy');
    await waitForUrl(router, '/privacy-policy');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(currentUrl(router)).toBe('/privacy-policy');
  });
});

describe('session end and sign-in side effects', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('when the refresh fails the store signs out, says so, and a protected page sends the visitor to sign in', async () => {
    const expired = btoa(JSON.stringify({ exp: 1_000, username: 'ana@example.com' })).replace(/=+$/, '');
    localStorage.setItem('session-tokens', JSON.stringify({ token: `eyJhbGciOiJIUzI1NiJ9.${expired}.c2ln`, refresh_token: 'old' }));
    server.use(
      http.post(`${API}/api/auth/token-refresh`, () =>
        HttpResponse.json({ message: 'revoked', code: 'invalid_refresh_token' }, { status: 401 }),
      ),
    );
    const { store, router } = await renderApp('/account/complete?fields=firstName&continue=/cart');
    onTestFinished(connectStore(store));
    await waitFor(() => expect(currentUrl(router).startsWith('/login?')).toBe(true));
    expect(new URL(currentUrl(router), 'http://x').searchParams.get('redirect')).toBe(
      '/account/complete?fields=firstName&continue=/cart',
    );
    expect(store.getState().session.signedIn).toBe(false);
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    // The header shows "Sign in" again (on the sign-in page it needs no redirect of its own).
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login'));
  });

  /** The merge at sign-in (one request): answers `answer` for the rows sent, which it records. */
  function serveMerge(answer: (rows: { sku_id: number; amount: number }[]) => Record<string, unknown>) {
    const sent: unknown[] = [];
    server.use(
      http.post(`${API}/api/order/draft/merge`, async ({ request }) => {
        const body = (await request.json()) as { rows: { sku_id: number; amount: number }[] };
        sent.push(body);
        return HttpResponse.json({ changed: true, added: [], raised: [], limited: [], dropped: [], ...answer(body.rows) });
      }),
    );
    return sent;
  }

  const tokens = { token: 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2ln', refresh_token: 'r3' };

  it('signInWith merges the guest cart into the server draft and says what was added', async () => {
    serveCustomer();
    const sentRows = serveMerge((rows) => ({
      draft: draftOf(rows.map((row) => ({ product: vitaminC, amount: row.amount })), { id: 900 }),
      added: [7],
    }));
    await guestCart.add(vitaminC, 2);
    const { store } = await renderApp('/about-us');
    const report = await store.dispatch(signInWith(tokens, 'en'));
    expect(report).toMatchObject({ changed: true, added: [7], raised: [] });
    expect(sentRows).toEqual([{ rows: [{ sku_id: 7, amount: 2 }] }]);
    expect(guestCart.rows()).toEqual([]);
    expect(await screen.findByText("Your cart items were added to your account's cart")).toBeInTheDocument();
    expect(screen.getByText('Added: Vitamin C 500 mg.')).toBeInTheDocument();
  });

  it('the merge notice says exactly what happened: added, raised, limited to the stock, dropped', async () => {
    serveCustomer();
    const bandages = { ...vitaminC, id: 8, name: 'Bandages' };
    const gauze = { ...vitaminC, id: 9, name: 'Gauze' };
    const mask = { ...vitaminC, id: 10, name: 'Face mask' };
    const thermometer = { ...vitaminC, id: 11, name: 'Thermometer' };
    serveMerge(() => ({
      draft: draftOf(
        [
          { product: vitaminC, amount: 3 },
          { product: bandages, amount: 2 },
          { product: gauze, amount: 4 },
        ],
        { id: 900 },
      ),
      added: [7, 9],
      raised: [8],
      limited: [{ sku_id: 7, amount: 3, wanted: 5 }],
      dropped: [
        { sku_id: 10, amount: 1, reason: 'cannot_add_more' },
        { sku_id: 11, amount: 2, reason: 'product_not_found' },
      ],
    }));
    await guestCart.add(vitaminC, 3);
    await guestCart.add(bandages, 2);
    await guestCart.add(gauze, 4);
    await guestCart.add(mask, 1);
    await guestCart.add(thermometer, 2);
    const { store } = await renderApp('/about-us');
    await store.dispatch(signInWith(tokens, 'en'));
    const notice = (await screen.findByText("Your cart items were added to your account's cart")).closest('li')!;
    expect(notice).toHaveTextContent(
      'Added: Gauze. More units of: Bandages. Your cart now has 3 of Vitamin C 500 mg, not 5: that is all we have. ' +
        'Not available now, not added: Face mask. No longer sold, not added: Thermometer.',
    );
    // Less than the guest cart had: a warning that stays until it is closed.
    expect(store.getState().ui.notifications.find((n) => n.id === 'cart-merged')).toMatchObject({
      color: 'warning',
      timeout: 0,
    });
  });
});
