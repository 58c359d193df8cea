import { fireEvent, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../test/server';
import { renderApp, screen, setLocaleCookie } from '../../test/render-app';

// Issue 21: a 300-character search said "The given data was invalid" (the API's 422): it is said
// in words, in the page's language, and not sent.
describe('a search longer than the search takes', () => {
  let searched = 0;
  beforeEach(() => {
    searched = 0;
    server.use(
      http.get(`${API}/api/search/products`, () => {
        searched += 1;
        return HttpResponse.json({ message: 'The given data was invalid.', code: 'validation_failed' }, { status: 422 });
      }),
    );
  });

  for (const [locale, words] of [
    ['en', { search: 'Search', dialog: 'Search products', said: 'Your search is too long. Type at most 200 characters.' }],
    ['es', { search: 'Buscar', dialog: 'Buscar productos', said: 'Su búsqueda es demasiado larga. Escriba como máximo 200 caracteres.' }],
  ] as const) {
    it(`says so in words (${locale})`, async () => {
      setLocaleCookie(locale);
      await renderApp(locale === 'es' ? '/es' : '/');
      fireEvent.click((await screen.findAllByRole('button', { name: words.search }))[0]!);
      const dialog = await screen.findByRole('dialog', { name: words.dialog });
      const input = within(dialog).getByRole('searchbox');
      fireEvent.change(input, { target: { value: 'vitamin '.repeat(38) } });
      fireEvent.keyDown(input, { key: 'Enter' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(words.said);
      expect(within(dialog).queryByText(/given data was invalid|datos enviados no son válidos/)).not.toBeInTheDocument();
      expect(searched).toBe(0);
    });
  }
});
