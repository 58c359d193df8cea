// Where sign-in leads, who may stay on a page, and what happens around a sign-in: the redirect
// rules, the forced profile completion, the end of a session, the guest cart merged at sign-in.
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DraftMergeAnswer, WebSession } from '@otc/sdk';
import { API, server } from '../test/server';
import { currentUrl, renderApp, screen, setLocaleCookie, signIn, waitForUrl } from '../test/render-app';
import { getSdk } from '../lib/sdk';
import { customerOf, draftOf } from '../test/fixtures';
import { useGuestCartApi } from '../test/fake-cart-api';
import { testVisitor } from '../test/visitor';
import { signInTarget } from '../kernel/guards';
import { connectStore } from './store';
import { signInWith } from '../kernel/session-slice';

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

/**
 * A web sign-in's answer (docs/web-session.md, "Choosing the mode"): the API set its HttpOnly
 * session cookie; `merge` is what became of the guest's server cart (null: there was none).
 */
function webSession(merge: DraftMergeAnswer | null = null): WebSession {
  return { session: 'cookie', csrf_token: 'csrf-member', merge };
}

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
    const logins: { body: unknown; mode: string | null }[] = [];
    server.use(
      http.post(`${API}/api/auth/login`, async ({ request }) => {
        logins.push({ body: await request.json(), mode: request.headers.get('X-Auth-Mode') });
        // The API sets the session cookie: from now on it knows the visitor.
        testVisitor.signedIn = true;
        return HttpResponse.json(webSession());
      }),
    );
    const { router } = await renderApp('/es/login/password?redirect=%2Fes%2Fabout-us%3Fx%3D1');
    await user.type(await screen.findByLabelText(/Correo electrónico o número de teléfono/), 'ana@example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitForUrl(router, '/es/about-us?x=1');
    // A web sign-in (the session is the cookie): nothing of it is kept in the browser's storage.
    expect(logins).toEqual([{ body: { username: 'ana@example.com', password: 'Demo1234' }, mode: 'session' }]);
    expect(localStorage.getItem('session-tokens')).toBeNull();
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

  it('when the API no longer knows the session (a 401 on me) the store signs out, says so, and a protected page sends the visitor to sign in', async () => {
    // The page was drawn for a member, but the session cookie has ended since (elsewhere, expired).
    signIn();
    let meAsked = 0;
    server.use(
      http.get(`${API}/api/auth/me`, async () => {
        meAsked += 1;
        // Answered after the store is connected (as main.tsx connects it before anything is asked).
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({ message: 'Unauthenticated.', code: 'unauthorized' }, { status: 401 });
      }),
      http.post(`${API}/api/order/prepare-draft`, () =>
        HttpResponse.json({ message: 'Unauthenticated.', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    const { store, router } = await renderApp('/account/complete?fields=firstName&continue=/cart');
    onTestFinished(connectStore(store));
    expect(store.getState().session.signedIn).toBe(true);
    await waitFor(() => expect(meAsked).toBeGreaterThan(0));
    await waitFor(() => expect(currentUrl(router).startsWith('/login?')).toBe(true));
    expect(new URL(currentUrl(router), 'http://x').searchParams.get('redirect')).toBe(
      '/account/complete?fields=firstName&continue=/cart',
    );
    expect(store.getState().session.signedIn).toBe(false);
    // Said in the sign-in page, above its form (the notifications region says it for screen readers).
    expect(await within(screen.getByRole('main')).findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    // The header shows "Sign in" again (on the sign-in page it needs no redirect of its own).
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login'));
  });

  /** The merge of rows this browser kept in storage (one request): answers `answer` for the rows sent, which it records. */
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

  it('signInWith reports the merge the API made of the guest server cart in the sign-in and says what was added', async () => {
    // The guest's cart is the server's (cart cookie): the header counts it.
    const guest = useGuestCartApi({ rows: [{ product: vitaminC, amount: 2 }] });
    serveCustomer();
    const merged = draftOf([{ product: vitaminC, amount: 2 }], { id: 900 });
    const sentRows = serveMerge(() => ({}));
    // The member's draft after the merge.
    server.use(http.post(`${API}/api/order/prepare-draft`, () => HttpResponse.json(merged)));
    const { store } = await renderApp('/about-us');
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(guest.calls).toContain('GET /api/cart');

    // The sign-in request merged the guest cart (the API's answer says so); the guest cart is gone.
    guest.cartCookie = false;
    guest.rows = [];
    testVisitor.signedIn = true;
    const report = await store.dispatch(
      signInWith(webSession({ draft: merged, changed: true, added: [7], raised: [], limited: [], dropped: [] }), 'en'),
    );
    expect(report).toMatchObject({ changed: true, added: [7], raised: [] });
    expect(store.getState().session.signedIn).toBe(true);
    // Nothing was kept in storage, so nothing else was sent to merge.
    expect(sentRows).toEqual([]);
    expect(await screen.findByText("Your cart items were added to your account's cart")).toBeInTheDocument();
    expect(screen.getByText('Added: Vitamin C 500 mg.')).toBeInTheDocument();
    // The header now counts the member's draft.
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it('signInWith merges rows this browser still kept in storage into the draft, once, and says what was added', async () => {
    serveCustomer();
    const sentRows = serveMerge((rows) => ({
      draft: draftOf(rows.map((row) => ({ product: vitaminC, amount: row.amount })), { id: 900 }),
      added: [7],
    }));
    const { store } = await renderApp('/about-us');
    expect(await screen.findByRole('link', { name: 'Cart, empty' })).toBeInTheDocument();
    // Rows kept under `guest-cart` from before the cart moved to the server (a tab of the old app).
    const sdk = store.dispatch(getSdk);
    await sdk.storedGuestCart.add(vitaminC, 2);
    testVisitor.signedIn = true;
    const report = await store.dispatch(signInWith(webSession(), 'en'));
    expect(report).toMatchObject({ changed: true, added: [7], raised: [] });
    expect(sentRows).toEqual([{ rows: [{ sku_id: 7, amount: 2 }] }]);
    expect(sdk.storedGuestCart.rows()).toEqual([]);
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
    const { store } = await renderApp('/about-us');
    expect(await screen.findByRole('link', { name: 'Cart, empty' })).toBeInTheDocument();
    // Rows this browser kept in storage from before (their names are the notice's).
    const { storedGuestCart } = store.dispatch(getSdk);
    await storedGuestCart.add(vitaminC, 3);
    await storedGuestCart.add(bandages, 2);
    await storedGuestCart.add(gauze, 4);
    await storedGuestCart.add(mask, 1);
    await storedGuestCart.add(thermometer, 2);
    testVisitor.signedIn = true;
    await store.dispatch(signInWith(webSession(), 'en'));
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
