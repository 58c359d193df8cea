// `/account/undo?token=…` (issue 32, item 6): the "This was not me" link of an account-change
// notice, opened signed out. It shows what the undo will do, posts the token with a plain form to
// its route action, and says what to do next; a used link says the catalogue's text.
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { errorText, type AccountUndoAnswer } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { API, server } from '../../test/server';
import { renderApp, screen, setLocaleCookie } from '../../test/render-app';


const TOKEN = 'k3J9a_Zq-8Lw2mXv5TtR0bYc7uHnP4sEo1GdFiVjQAx';

const changedSignIn: AccountUndoAnswer = {
  action: 'would_undo',
  change: 'contact_made_primary',
  contact: 't•••@example.com',
  restores: 'r•••@example.com',
  changedAt: '2026-11-02T10:00:00.000Z',
  expiresAt: '2026-11-09T10:00:00.000Z',
};

/** The API's two answers to the link; the undo posts kept with the token they sent. */
function useUndoApi(preview: AccountUndoAnswer | { status: number; code: string }) {
  const undone: string[] = [];
  server.use(
    http.get(`${API}/api/auth/undo`, ({ request }) => {
      if (new URL(request.url).searchParams.get('token') !== TOKEN) {
        return HttpResponse.json({ code: 'undo_link_invalid', message: 'invalid' }, { status: 404 });
      }
      if ('status' in preview) return HttpResponse.json({ code: preview.code, message: preview.code }, { status: preview.status });
      return HttpResponse.json(preview);
    }),
    http.post(`${API}/api/auth/undo`, ({ request }) => {
      undone.push(new URL(request.url).searchParams.get('token') ?? '');
      if ('status' in preview) return HttpResponse.json({ code: preview.code, message: preview.code }, { status: preview.status });
      return HttpResponse.json({ ...preview, action: 'undone' });
    }),
  );
  return undone;
}

describe('the "This was not me" page', () => {
  it('says what the undo does, undoes it by a plain form post, and sends the owner to recover the account', async () => {
    setLocaleCookie('en');
    const undone = useUndoApi(changedSignIn);
    const user = userEvent.setup();
    const view = await renderApp(`/account/undo?token=${TOKEN}`);
    onTestFinished(connectStore(view.store));
    expect(await screen.findByRole('heading', { level: 1, name: 'This was not me' })).toBeInTheDocument();
    // The heading is drawn at once; what the link would undo comes with the API's preview.
    expect(await screen.findByText(/Your sign-in was changed to t•••@example\.com on Nov 2, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Gives you back your sign-in r•••@example.com and removes t•••@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Signs out every device, including the one that made the change.')).toBeInTheDocument();
    // Without scripts it is a plain form: the token goes with the post.
    const button = screen.getByRole('button', { name: 'Undo the change and sign out everywhere' });
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.querySelector<HTMLInputElement>('input[name="token"]')?.value).toBe(TOKEN);
    expect(undone).toEqual([]);

    await user.click(button);
    expect(await screen.findByText('The change was undone')).toBeInTheDocument();
    expect(undone).toEqual([TOKEN]);
    expect(screen.getByText(/Every device was signed out, and your password was locked\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'recover your account' })).toHaveAttribute('href', '/login-recovery');
  });

  it('in Spanish, a used link says so with the catalogue text and offers no button', async () => {
    setLocaleCookie('es');
    useUndoApi({ status: 410, code: 'undo_link_used' });
    const view = await renderApp(`/es/account/undo?token=${TOKEN}`);
    onTestFinished(connectStore(view.store));
    expect(await screen.findByRole('heading', { level: 1, name: 'No fui yo' })).toBeInTheDocument();
    // The refusal the route's loader read is drawn, then asked for again when the page subscribes
    // (an error is not kept): "Cargando…" between two draws of it. The notice is checked whole, in
    // one draw, not an element found in the first and gone by the next line.
    await waitFor(() => {
      expect(screen.getByText(errorText('undo_link_used', 'es'))).toBeInTheDocument();
      expect(screen.getByText('Este enlace no se puede usar')).toBeInTheDocument();
    });
    expect(screen.queryByRole('button', { name: 'Deshacer el cambio y cerrar todas las sesiones' })).not.toBeInTheDocument();
  });
});
