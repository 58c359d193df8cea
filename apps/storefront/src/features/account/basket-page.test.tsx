import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SuggestedBasket } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { API, server } from '../../test/server';
import { draftOf, productOf } from '../../test/fixtures';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { useFakeOrdersApi } from '../../test/fake-orders-api';


const year = new Date().getUTCFullYear();
const vitamin = productOf(5, { name: 'Vitamin C', price: '12.00', inStock: 4 });
const bandages = productOf(6, { name: 'Bandages', price: '4.50' });
const syrup = productOf(7, { name: 'Cough syrup' });

const basket: SuggestedBasket = {
  plan: { code: 'cl1', name: 'CarePlus Gold' },
  allowanceLeft: '86.40',
  periodEndsAt: `${year}-12-31`,
  minimumOrder: '25.00',
  total: '28.50',
  reachesMinimum: true,
  items: [
    { product: vitamin, amount: 2, subtotal: '24.00', reason: { code: 'bought_before', params: { month: `${year}-08`, times: 3 } } },
    { product: bandages, amount: 1, subtotal: '4.50', reason: { code: 'popular_with_plan', params: { plan: 'CarePlus Gold' } } },
  ],
  empty: null,
  notCovered: [
    { product: syrup, lastBoughtOn: `${year}-05-02`, reason: { code: 'not_covered_by_plan', params: { plan: 'CarePlus Gold' } } },
  ],
};

/** The basket the API suggests, and the merge "Add all to cart" sends (its bodies kept). */
function useBasketApi(answer: SuggestedBasket) {
  const merges: unknown[] = [];
  // The member's cart (THE fake order API); the merge puts the rows there as the API does.
  const cart = useFakeOrdersApi({ rows: [] });
  server.use(
    http.get(`${API}/api/customer/suggested-basket`, () => HttpResponse.json(answer)),
    http.post(`${API}/api/order/draft/merge`, async ({ request }) => {
      const body = (await request.json()) as { rows: { sku_id: number; amount: number }[] };
      merges.push(body);
      const rows = body.rows.map((row) => ({ product: row.sku_id === vitamin.id ? vitamin : bandages, amount: row.amount }));
      cart.rows = rows;
      return HttpResponse.json({ draft: draftOf(rows), changed: true, added: body.rows.map((r) => r.sku_id), raised: [], limited: [], dropped: [] });
    }),
  );
  return merges;
}

beforeEach(() => {
  signIn();
});

describe('the suggested basket page', () => {
  it('each item with its reason, an amount changed, the total against the allowance, then all to the cart in one merge', async () => {
    setLocaleCookie('en');
    const merges = useBasketApi(basket);
    const user = userEvent.setup();
    const view = await renderApp('/account/basket');
    onTestFinished(connectStore(view.store));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your suggested basket' })).toBeInTheDocument();
    // The heading may be drawn before the API's basket: its rows are waited for.
    expect(await screen.findByText('You bought this in August')).toBeInTheDocument();
    expect(screen.getByText('Popular with your plan')).toBeInTheDocument();
    expect(screen.getByTestId('basket-allowance')).toHaveTextContent(`You have $86.40 left to spend by December 31, ${year}.`);
    expect(screen.getByTestId('basket-total')).toHaveTextContent('$28.50');
    // Bought before and no longer covered: apart, with why.
    expect(screen.getByRole('heading', { name: 'Bought before, not covered any more' })).toBeInTheDocument();
    expect(screen.getByText('Your plan (CarePlus Gold) does not cover this any more')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'One more Bandages' }));
    expect(screen.getByTestId('basket-total')).toHaveTextContent('$33.00');
    expect(screen.getByText('$53.40')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    expect(await screen.findByText('Your basket is in the cart')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/cart');
    expect(merges).toHaveLength(1);
    expect(merges[0]).toMatchObject({ rows: [{ sku_id: 5, amount: 2 }, { sku_id: 6, amount: 2 }] });
  });

  it('an item set to none is left out; under the minimum order it says so; above the allowance it says checkout asks for the rest', async () => {
    setLocaleCookie('en');
    const merges = useBasketApi({ ...basket, allowanceLeft: '40.00' });
    const user = userEvent.setup();
    const view = await renderApp('/account/basket');
    onTestFinished(connectStore(view.store));
    await screen.findByText('You bought this in August');
    expect(screen.queryByText(/more than your allowance left/)).not.toBeInTheDocument();
    expect(screen.queryByText(/The minimum order is/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'One less Vitamin C' }));
    // $16.50: under the shop's $25.00 (the SDK's rule, as the cart says it).
    expect(screen.getByText(/The minimum order is \$25\.00: add \$8\.50 more here\s+or in your cart to check out\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'One more Vitamin C' }));
    expect(screen.queryByText(/The minimum order is/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'One less Bandages' }));
    for (let i = 0; i < 2; i += 1) await user.click(screen.getByRole('button', { name: 'One more Vitamin C' }));
    expect(screen.getByTestId('basket-total')).toHaveTextContent('$48.00');
    await user.click(screen.getByRole('button', { name: 'One more Vitamin C' }));
    // Four is the stock: no fifth.
    expect(screen.getByText('No more in stock')).toBeInTheDocument();
    expect(screen.getByText('This is more than your allowance left. Checkout asks for another way to pay the rest.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    await screen.findByText('Your basket is in the cart');
    expect(merges[0]).toMatchObject({ rows: [{ sku_id: 5, amount: 4 }] });
  });

  it('empty, with its reason, in Spanish', async () => {
    setLocaleCookie('es');
    useBasketApi({ ...basket, items: [], notCovered: [], total: '0.00', reachesMinimum: false, empty: { code: 'basket_nothing_fits', params: {} } });
    const view = await renderApp('/es/account/basket');
    onTestFinished(connectStore(view.store));
    expect(await screen.findByText('Nada que sugerir por ahora')).toBeInTheDocument();
    expect(screen.getByText('Nada de lo que cubre su plan cabe en el beneficio que le queda.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar todo al carrito' })).not.toBeInTheDocument();
  });
});
