import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { errorText } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { API, server } from '../../test/server';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { unprocessable, useAccountHandlers } from './account-fixtures';


async function renderAccount(path: string) {
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

/** The member's setting as the API keeps it; texts need a phone that takes them. */
function useReminderSetting(options: { canText: boolean }) {
  const sent: unknown[] = [];
  let reminders = 'email';
  server.use(
    http.get(`${API}/api/customer/reminders`, () => HttpResponse.json({ reminders, daysBefore: 14, canText: options.canText })),
    http.put(`${API}/api/customer/reminders`, async ({ request }) => {
      const body = (await request.json()) as { reminders: string };
      sent.push(body);
      if (body.reminders === 'sms' && !options.canText) return unprocessable({ reminders: { code: 'reminders_need_phone' } });
      reminders = body.reminders;
      return HttpResponse.json({ reminders, daysBefore: 14, canText: options.canText });
    }),
  );
  return { sent, now: () => reminders };
}

beforeEach(() => {
  signIn();
});

describe('the allowance reminder setting on the account page', () => {
  it('turns the reminders off through the page form and says it is saved', async () => {
    setLocaleCookie('en');
    useAccountHandlers();
    const setting = useReminderSetting({ canText: true });
    const user = userEvent.setup();
    await renderAccount('/account');
    const section = await screen.findByRole('region', { name: 'Allowance reminders' });
    // The section is drawn before the member's setting is read: its days are waited for.
    await waitFor(() => expect(section).toHaveTextContent('14 days before your benefit period ends'));
    expect(screen.getByRole('radio', { name: 'By e-mail' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Do not remind me' }));
    await user.click(screen.getByRole('button', { name: 'Save reminder setting' }));
    expect(await screen.findByText('Your reminder setting is saved.')).toBeInTheDocument();
    expect(setting.sent).toEqual([{ reminders: 'off' }]);
    expect(setting.now()).toBe('off');
    expect(screen.getByRole('radio', { name: 'Do not remind me' })).toBeChecked();
  });

  it('in Spanish, texts without a confirmed phone: the catalogue text under the choice, nothing saved', async () => {
    setLocaleCookie('es');
    useAccountHandlers();
    const setting = useReminderSetting({ canText: false });
    const user = userEvent.setup();
    await renderAccount('/es/account');
    await screen.findByRole('region', { name: 'Recordatorios de su asignación' });
    await user.click(screen.getByRole('radio', { name: 'Por correo electrónico y mensaje de texto' }));
    await user.click(screen.getByRole('button', { name: 'Guardar la preferencia de recordatorios' }));
    expect(await screen.findByText(errorText('reminders_need_phone', 'es'))).toBeInTheDocument();
    expect(screen.queryByText('Su preferencia de recordatorios está guardada.')).not.toBeInTheDocument();
    expect(setting.now()).toBe('email');
    // What was chosen stays chosen, to change.
    expect(screen.getByRole('radio', { name: 'Por correo electrónico y mensaje de texto' })).toBeChecked();
  });
});
