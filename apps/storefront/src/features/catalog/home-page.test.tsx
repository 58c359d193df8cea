import { waitFor } from '@testing-library/react';
import { renderApp, screen, setLocaleCookie } from '../../test/render-app';
import { useCatalogHandlers } from './catalog-fixtures';

describe('home page', () => {
  beforeEach(() => useCatalogHandlers());

  it('shows the benefit-card story, the categories, featured products and the balance check', async () => {
    setLocaleCookie('en');
    await renderApp('/');
    expect(await screen.findByRole('link', { name: /First aid/ })).toHaveAttribute(
      'href',
      '/catalog?category=2',
    );
    expect(screen.getByRole('link', { name: /Vitamins/ })).toHaveAttribute(
      'href',
      '/catalog?category=1',
    );
    expect(
      screen.getByRole('heading', { name: 'How paying with your card works' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((item) => item.closest('ol'))).toHaveLength(3);
    const featured = await screen.findByRole('heading', { level: 3, name: 'Vitamin A' });
    expect(featured).toBeInTheDocument();
    // Only products that can be bought now are featured.
    expect(screen.queryByRole('heading', { level: 3, name: 'Vitamin C' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Vitamin D' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check balance' })).toHaveAttribute(
      'href',
      '/balance-check',
    );
    await waitFor(() => expect(document.title).toBe('Home | Benefit Shop'));
  });

  it('is in Spanish under /es', async () => {
    setLocaleCookie('es');
    await renderApp('/es');
    expect(
      await screen.findByRole('heading', { name: 'Cómo pagar con su tarjeta' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /First aid/ })).toHaveAttribute(
      'href',
      '/es/catalog?category=2',
    );
    await waitFor(() => expect(document.title).toMatch(/^Inicio/));
  });
});
