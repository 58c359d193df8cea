import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../test/server';
import { connectStore } from '../../app/store';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { useFakeOrdersApi } from '../../test/fake-orders-api';
import { detailOf, productsFixture, useCatalogHandlers } from './catalog-fixtures';
import type { PeriodLimitView } from '@otc/sdk';

const vitaminA = productsFixture[0]!;

/** A member's item page whose plan limits the item per period (the catalog and orders fakes in use). */
async function renderLimited(path: string, periodLimit: PeriodLimitView) {
  server.use(
    http.get(`${API}/api/catalog/products/1`, () => HttpResponse.json({ product: detailOf(vitaminA, { periodLimit }), similar: [] })),
  );
  signIn();
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

describe('item page: the plan limit per period (issue 31)', () => {
  it('says how many more the member can order this quarter (en)', async () => {
    setLocaleCookie('en');
    useCatalogHandlers();
    useFakeOrdersApi();
    await renderLimited('/item/1', { limit: 9, left: 4, period: 'quarter' });
    expect(await screen.findByText('You can order 4 more this quarter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it('says it in Spanish, and shows a refusal with the catalogue text', async () => {
    setLocaleCookie('es');
    useCatalogHandlers();
    useFakeOrdersApi();
    await renderLimited('/es/item/1', { limit: 9, left: 4, period: 'quarter' });
    expect(await screen.findByText('Puede pedir 4 más este trimestre')).toBeInTheDocument();
    // Another tab ordered meanwhile: the API refuses with the code and its { limit, left }.
    server.use(
      http.post(`${API}/api/order/draft/items`, () =>
        HttpResponse.json(
          {
            code: 'period_limit_reached',
            message: 'server words are not shown',
            params: { limit: 9, left: 0 },
            fields: { amount: [{ code: 'period_limit_reached', params: { limit: 9, left: 0 } }] },
          },
          { status: 422 },
        ),
      ),
    );
    act(() => screen.getByRole('button', { name: 'Agregar al carrito' }).click());
    await waitFor(() =>
      expect(
        screen.getByText('Su plan permite 9 unidades de este producto por período. Puede pedir 0 más en este período.'),
      ).toBeInTheDocument(),
    );
  });

  it('offers no add when nothing is left this month, and says so (en)', async () => {
    setLocaleCookie('en');
    useCatalogHandlers();
    useFakeOrdersApi();
    await renderLimited('/item/1', { limit: 2, left: 0, period: 'month' });
    expect(await screen.findByText('Your plan allows 2 of this item a month: they are all in your cart or your orders.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });
});
