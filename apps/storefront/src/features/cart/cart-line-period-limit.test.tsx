import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../../app/providers';
import { activateLocale } from '../../lib/i18n';
import { createVisitorStore } from '../../test/render-app';
import type { CartLine } from '../../kernel/draft-api';
import { productOf } from '../../test/fixtures';
import { CartLineItem } from './components/cart-line';

/** One cart line at `/cart` (or `/es/cart`), as the cart page draws it. */
async function renderLine(line: CartLine, locale: 'en' | 'es') {
  await activateLocale(locale);
  const router = createMemoryRouter(
    [{ path: '*', element: <CartLineItem line={line} onAmountChange={() => {}} onRemove={() => {}} /> }],
    { initialEntries: [locale === 'es' ? '/es/cart' : '/cart'] },
  );
  render(
    <Providers store={createVisitorStore()} prefetch={vi.fn()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const product = productOf(1);
const line = (periodLimit: CartLine['periodLimit']): CartLine => ({
  product,
  amount: 3,
  lineTotal: '4.50',
  badReasonCode: null,
  periodLimit,
});

describe('cart line: the plan limit per period (issue 31)', () => {
  it('says how many more can be ordered this quarter, in English', async () => {
    await renderLine(line({ limit: 9, left: 4, period: 'quarter' }), 'en');
    expect(screen.getByText('You can order 4 more this quarter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `One more ${product.name}` })).not.toHaveAttribute('aria-disabled');
  });

  it('says it in Spanish, for a monthly plan', async () => {
    await renderLine(line({ limit: 9, left: 2, period: 'month' }), 'es');
    expect(screen.getByText('Puede pedir 2 más este mes')).toBeInTheDocument();
  });

  it('stops the stepper when nothing is left, and says so (es)', async () => {
    await renderLine(line({ limit: 9, left: 0, period: 'quarter' }), 'es');
    expect(screen.getByText('Su plan permite 9 de este producto por trimestre: todos están en su carrito o en sus pedidos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Uno más de ${product.name}` })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says nothing without a limit', async () => {
    await renderLine(line(null), 'en');
    expect(document.querySelector('[data-period-limit]')).toBeNull();
  });
});

describe('cart line: what one order may hold of an item (issue 32)', () => {
  it("stops the stepper at the settings' maxUnitsPerItem and says why, in both languages", async () => {
    const many: CartLine = { product: { ...product, inStock: 500 }, amount: 20, lineTotal: '30.00', badReasonCode: null, periodLimit: null };
    await renderLine(many, 'en');
    expect(await screen.findByText('You can order at most 20 of one item.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `One more ${product.name}` })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says it in Spanish', async () => {
    const many: CartLine = { product: { ...product, inStock: 500 }, amount: 20, lineTotal: '30.00', badReasonCode: null, periodLimit: null };
    await renderLine(many, 'es');
    expect(await screen.findByText('Puede pedir como máximo 20 unidades de un mismo producto.')).toBeInTheDocument();
  });
});
