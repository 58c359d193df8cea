import { waitFor } from '@testing-library/react';
import { renderApp, screen, setLocaleCookie, waitForUrl } from '../test/render-app';
import { getSdk } from '../lib/sdk';
import { resetLinkCode } from '../kernel/link-code-notice';

describe('link parameters', () => {
  beforeEach(() => setLocaleCookie('en'));
  afterEach(() => resetLinkCode());

  it('a personalcode the shop does not run is said not valid on landing, and dropped', async () => {
    const { router } = await renderApp('/catalog?personalcode=NOPE123&sort=default');
    // The catalog drops its default sort from the address (a plain form sends it), the code kept.
    await waitForUrl(router, '/catalog?personalcode=NOPE123');
    expect(await screen.findByText('Promo code NOPE123 is not valid')).toBeInTheDocument();
    expect(localStorage.getItem('promo-code')).toBeNull();
  });

  it('… in Spanish too, and the guest cart never shows it as applied', async () => {
    setLocaleCookie('es');
    const { router } = await renderApp('/es/cart?personalcode=NOPE123');
    await waitForUrl(router, '/es/cart?personalcode=NOPE123');
    expect(await screen.findByText('El código promocional NOPE123 no es válido')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('promo-code')).toBeNull());
    expect(screen.queryByText(/NOPE123 aplicado/)).not.toBeInTheDocument();
  });

  it('a valid code in any address (here /es, nested) replaces an earlier one and is said valid', async () => {
    localStorage.setItem('promo-code', 'OLD');
    setLocaleCookie('es');
    const { router } = await renderApp('/es/docs/items-eligibility?personalcode=Welcome10');
    await waitForUrl(router, '/es/docs/items-eligibility?personalcode=Welcome10');
    expect(await screen.findByText('Código promocional Welcome10: 10 % de descuento en su pedido')).toBeInTheDocument();
    expect(localStorage.getItem('promo-code')).toBe('Welcome10');
  });

  it('a valid code is said valid in English', async () => {
    const { router } = await renderApp('/?personalcode=welcome10');
    await waitForUrl(router, '/?personalcode=welcome10');
    expect(await screen.findByText('Promo code welcome10: 10% off your order')).toBeInTheDocument();
    expect(localStorage.getItem('promo-code')).toBe('welcome10');
  });

  it('without personalcode the stored code is left alone', async () => {
    localStorage.setItem('promo-code', 'KEEP');
    const { router } = await renderApp('/cart');
    await waitForUrl(router, '/cart');
    expect(localStorage.getItem('promo-code')).toBe('KEEP');
  });

  it('agentId is stored and handed to the SDK client', async () => {
    const { router, store } = await renderApp('/?agentId=agent-77');
    await waitForUrl(router, '/?agentId=agent-77');
    const { client } = store.dispatch(getSdk);
    expect(localStorage.getItem('agent-id')).toBe('agent-77');
    expect(client.agentId()).toBe('agent-77');
  });
});
