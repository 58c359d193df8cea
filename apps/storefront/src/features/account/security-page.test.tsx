import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formatDate } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { API, server } from '../../test/server';
import { testVisitor } from '../../test/visitor';
import { customerFixture, postToAction, sessionOf, useAccountHandlers, useSessionHandlers } from './account-fixtures';
import { SIGN_OUT_EVERYWHERE, lastUsedOf } from './components/sessions-section';
import { action } from './pages/security-page';


async function renderAccount(path: string) {
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

beforeEach(() => signIn());

const THIS = sessionOf({
  id: '00000000-0000-4000-8000-00000000000a',
  current: true,
  device: 'Safari · macOS',
  minutesAgo: 0,
});
const PHONE = sessionOf({
  id: '00000000-0000-4000-8000-00000000000b',
  device: 'Chrome · Android',
  createdAt: '2024-04-01T15:00:00.000Z',
  minutesAgo: 5,
});
const OLD = sessionOf({
  id: '00000000-0000-4000-8000-00000000000c',
  device: null,
  lastUsedAt: '2024-03-02T10:00:00.000Z',
});

/**
 * A button named `label` plus which device it is (a screen-reader-only part: the device and when
 * it was last used; jsdom drops the space).
 */
function named(label: string, which: string): RegExp {
  return new RegExp(`^${label}\\s*${which.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
const PHONE_NAME = 'Chrome · Android, last used 5 minutes ago';
const OLD_NAME = `Unknown device, last used on ${formatDate('2024-03-02T10:00:00.000Z', 'en', { dateStyle: 'long' })}`;

describe('security: where you are signed in', () => {
  it('lists the sessions: this device marked, when each signed in and was last used', async () => {
    setLocaleCookie('en');
    useAccountHandlers();
    useSessionHandlers([THIS, PHONE, OLD]);
    await renderAccount('/account/security');
    const section = await screen.findByRole('region', { name: 'Where you are signed in' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Safari · macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('Last used just now');
    // This device is signed out with "Sign out of all devices", not alone.
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Chrome · Android');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent(
      `Signed in on ${formatDate('2024-04-01T15:00:00.000Z', 'en', { dateStyle: 'long' })}`,
    );
    expect(rows[1]).toHaveTextContent('Last used 5 minutes ago');
    expect(rows[2]).toHaveTextContent('Unknown device');
    expect(rows[2]).toHaveTextContent(
      `Last used on ${formatDate('2024-03-02T10:00:00.000Z', 'en', { dateStyle: 'long' })}`,
    );
  });

  it('signs one device out after a second tap, says so politely, and keeps the focus on the list', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers();
    const handlers = useSessionHandlers([THIS, PHONE, OLD]);
    await renderAccount('/account/security');
    const section = await screen.findByRole('region', { name: 'Where you are signed in' });
    await user.click(
      await within(section).findByRole('button', { name: named('Sign out', PHONE_NAME) }),
    );
    expect(handlers.calls).toHaveLength(0);
    await user.click(
      within(section).getByRole('button', {
        name: named('Press again to sign out', PHONE_NAME),
      }),
    );
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(within(section).getByRole('list')).not.toHaveTextContent('Chrome · Android');
    const status = within(section)
      .getAllByRole('status')
      .find((region) => region.getAttribute('aria-live') === 'polite' && region.textContent);
    expect(status).toHaveTextContent('Chrome · Android is signed out.');
    expect(handlers.calls).toEqual([
      { method: 'DELETE', path: `/api/auth/sessions/${PHONE.id}`, body: undefined },
    ]);
    // The next device's button takes the focus, never the page's body.
    await waitFor(() =>
      expect(
        within(section).getByRole('button', { name: named('Sign out', OLD_NAME) }),
      ).toHaveFocus(),
    );
  });

  it('names each Sign out by its device and when it was last used, so two alike differ (issue 33)', async () => {
    setLocaleCookie('en');
    useAccountHandlers();
    const LAPTOP = sessionOf({ id: '00000000-0000-4000-8000-00000000000d', device: 'Chrome · Android', minutesAgo: 180 });
    useSessionHandlers([THIS, PHONE, LAPTOP]);
    await renderAccount('/account/security');
    const section = await screen.findByRole('region', { name: 'Where you are signed in' });
    const buttons = await within(section).findAllByRole('button', { name: /^Sign out\s*Chrome/ });
    expect(buttons.map((button) => button.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Sign out Chrome · Android, last used 5 minutes ago',
      'Sign out Chrome · Android, last used 3 hours ago',
    ]);
  });

  it('a new password signs the other devices out: the list drops them without a reload (issue 33)', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers();
    const sessions = useSessionHandlers([THIS, PHONE]);
    server.use(
      http.put(`${API}/api/customer/password`, () => {
        sessions.endOthers();
        return HttpResponse.json(customerFixture());
      }),
    );
    await renderAccount('/account/security');
    const section = await screen.findByRole('region', { name: 'Where you are signed in' });
    expect(await within(section).findAllByRole('listitem')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^Current password/), 'Secret123');
    await user.type(screen.getByLabelText(/^New password/), 'Newpass123');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'Newpass123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).getByRole('list')).not.toHaveTextContent('Chrome · Android');
  });

  it('the page a password changed without the scripts led to (?done=change-password) says it in the page, in Spanish', async () => {
    setLocaleCookie('es');
    useAccountHandlers();
    useSessionHandlers([THIS]);
    await renderAccount('/es/account/security?done=change-password');
    const notice = (await screen.findByText('Su contraseña fue cambiada.')).closest<HTMLElement>('[role="status"]');
    expect(notice).not.toBeNull();
    expect(screen.getByLabelText(/^Contraseña actual/)).toHaveValue('');
  });

  it('signs out of all devices, this one too, and lands on the sign-in page saying why', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers();
    const handlers = useSessionHandlers([THIS, PHONE]);
    const { router } = await renderAccount('/account/security');
    const section = await screen.findByRole('region', { name: 'Where you are signed in' });
    await user.click(
      await within(section).findByRole('button', { name: 'Sign out of all devices' }),
    );
    await user.click(
      within(section).getByRole('button', { name: 'Press again to sign out everywhere' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/account/security',
    );
    // Said on the sign-in page, whose module is loaded on the way there (slow beside other suites).
    // Looked up again until it holds: the page may draw the notice anew as the signed-out session
    // settles, and an element found a moment before is then no longer the document's.
    await waitFor(() => expect(screen.getByText('You are signed out on all devices')).toBeInTheDocument(), { timeout: 5000 });
    expect(handlers.calls).toEqual([
      { method: 'DELETE', path: '/api/auth/sessions', body: undefined },
    ]);
    expect(localStorage.getItem('session-tokens')).toBeNull();
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
  });

  it('in Spanish: the list, this device and the times in Spanish', async () => {
    setLocaleCookie('es');
    useAccountHandlers();
    useSessionHandlers([THIS, PHONE]);
    await renderAccount('/es/account/security');
    const section = await screen.findByRole('region', { name: 'Dónde tiene la sesión iniciada' });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Este dispositivo');
    expect(rows[1]).toHaveTextContent('hace 5 minutos');
    expect(rows[1]).toHaveTextContent(
      formatDate('2024-04-01T15:00:00.000Z', 'es', { dateStyle: 'long' }),
    );
    expect(
      within(section).getByRole('button', {
        name: named('Cerrar sesión', 'en Chrome · Android, último uso hace 5 minutos'),
      }),
    ).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }),
    ).toBeInTheDocument();
  });
});

describe('security: "Sign out of all devices" without scripts', () => {
  it('is a form posting to the page; the action ends every session and leads to the sign-in saying why', async () => {
    setLocaleCookie('es');
    const handlers = useSessionHandlers([THIS, PHONE]);
    const answer = await postToAction(action, { intent: SIGN_OUT_EVERYWHERE }, '/es/account/security');
    expect(answer).toMatchObject({
      status: 302,
      location: '/es/login?redirect=%2Fes%2Faccount%2Fsecurity&changed=everywhere',
    });
    expect(handlers.calls).toEqual([{ method: 'DELETE', path: '/api/auth/sessions', body: undefined }]);

    // The sign-in page it leads to says why (the visitor is signed out now).
    testVisitor.signedIn = false;
    await renderApp('/es/login?redirect=%2Fes%2Faccount%2Fsecurity&changed=everywhere');
    expect(await screen.findByText('Se cerró su sesión en todos los dispositivos')).toBeInTheDocument();
  });

  it('a refusal is answered for the section, never the password form', async () => {
    useSessionHandlers([THIS]);
    server.use(
      http.delete(`${API}/api/auth/sessions`, () =>
        HttpResponse.json({ message: 'Down', code: 'server_error' }, { status: 503 }),
      ),
    );
    const answer = await postToAction(action, { intent: SIGN_OUT_EVERYWHERE }, '/account/security');
    expect(answer).toMatchObject({ status: 503, body: { intent: SIGN_OUT_EVERYWHERE, error: { code: 'server_error' } } });
  });

  it('with the scripts the button is in that form, and still asks for a second press', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers();
    const handlers = useSessionHandlers([THIS, PHONE]);
    await renderAccount('/account/security');
    const section = await screen.findByRole('region', { name: 'Where you are signed in' });
    const button = await within(section).findByRole('button', { name: 'Sign out of all devices' });
    const form = button.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form?.querySelector('input[name="intent"]')).toHaveValue(SIGN_OUT_EVERYWHERE);
    expect(button).toHaveAttribute('type', 'submit');
    await user.click(button);
    expect(handlers.calls).toEqual([]);
    expect(within(section).getByRole('button', { name: 'Press again to sign out everywhere' })).toBeInTheDocument();
  });
});

describe('lastUsedOf', () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  it('reads as now, minutes, hours, yesterday, then a date after a week', () => {
    expect(lastUsedOf('2026-11-26T11:59:30.000Z', 'en', now)).toEqual({ kind: 'now' });
    expect(lastUsedOf('2026-11-26T11:55:00.000Z', 'en', now)).toEqual({
      kind: 'ago',
      text: '5 minutes ago',
    });
    expect(lastUsedOf('2026-11-26T09:00:00.000Z', 'es', now)).toEqual({
      kind: 'ago',
      text: 'hace 3 horas',
    });
    expect(lastUsedOf('2026-11-25T11:00:00.000Z', 'en', now)).toEqual({
      kind: 'ago',
      text: 'yesterday',
    });
    expect(lastUsedOf('2026-11-01T12:00:00.000Z', 'en', now)).toEqual({
      kind: 'date',
      text: formatDate('2026-11-01T12:00:00.000Z', 'en', { dateStyle: 'long' }),
    });
  });
});
