import { renderApp, setLocaleCookie, waitForUrl } from '../test/render-app';
import { client } from '../lib/sdk';

describe('link parameters', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('personalcode in any address sets the promo code, as given (a single text value)', async () => {
    // Not quietly changed (the SDK's promo code store): a code with a space is refused visibly
    // where it is applied.
    const { router } = await renderApp('/catalog?personalcode=SAVE%2010&sort=default');
    await waitForUrl(router, '/catalog?personalcode=SAVE%2010&sort=default');
    expect(localStorage.getItem('promo-code')).toBe('SAVE 10');
  });

  it('works under /es and on nested pages too, replacing an earlier code', async () => {
    localStorage.setItem('promo-code', 'OLD');
    setLocaleCookie('es');
    const { router } = await renderApp('/es/docs/items-eligibility?personalcode=Welcome10');
    await waitForUrl(router, '/es/docs/items-eligibility?personalcode=Welcome10');
    expect(localStorage.getItem('promo-code')).toBe('Welcome10');
  });

  it('without personalcode the stored code is left alone', async () => {
    localStorage.setItem('promo-code', 'KEEP');
    const { router } = await renderApp('/cart');
    await waitForUrl(router, '/cart');
    expect(localStorage.getItem('promo-code')).toBe('KEEP');
  });

  it('agentId is stored and handed to the SDK client', async () => {
    const { router } = await renderApp('/?agentId=agent-77');
    await waitForUrl(router, '/?agentId=agent-77');
    expect(localStorage.getItem('agent-id')).toBe('agent-77');
    expect(client.agentId()).toBe('agent-77');
  });
});
