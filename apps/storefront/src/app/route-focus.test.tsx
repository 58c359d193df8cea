import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, screen, setLocaleCookie } from '../test/render-app';

describe('focus after a page change', () => {
  beforeEach(() => setLocaleCookie('en'));

  it('stays put on the first load, then goes to the new main heading and the new title is announced', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About us' });
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('route-announcer')).toBeEmptyDOMElement();

    const link = screen.getAllByRole('link', { name: 'Return policy' })[0]!;
    await user.click(link);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Return policy' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(screen.getByTestId('route-announcer')).toHaveTextContent('Return policy | Benefit Shop'));

    // A change of query only (filters, steps) keeps the focus where it is.
    link.focus();
    await act(() => router.navigate('/return-policy?x=1'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(link).toHaveFocus();
  });
});
