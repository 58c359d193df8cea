import { renderApp, screen, setLocaleCookie } from '../test/render-app';
import { client } from '../lib/sdk';

describe('link parameters', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('personalcode in any address sets the promo code (a single text value)', async () => {
    await renderApp('/catalog?personalcode=SAVE%2010&sort=default');
    await screen.findByRole('heading', { level: 1, name: 'Catalog' });
    expect(localStorage.getItem('promo-code')).toBe('SAVE10');
  });

  it('works under /es and on nested pages too, replacing an earlier code', async () => {
    localStorage.setItem('promo-code', 'OLD');
    setLocaleCookie('es');
    await renderApp('/es/docs/items-eligibility?personalcode=Welcome10');
    await screen.findByRole('heading', { level: 1 });
    expect(localStorage.getItem('promo-code')).toBe('Welcome10');
  });

  it('without personalcode the stored code is left alone', async () => {
    localStorage.setItem('promo-code', 'KEEP');
    await renderApp('/cart');
    await screen.findByRole('heading', { level: 1, name: 'Cart' });
    expect(localStorage.getItem('promo-code')).toBe('KEEP');
  });

  it('agentId is stored and handed to the SDK client', async () => {
    await renderApp('/?agentId=agent-77');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    expect(localStorage.getItem('agent-id')).toBe('agent-77');
    expect(client.agentId()).toBe('agent-77');
  });
});
