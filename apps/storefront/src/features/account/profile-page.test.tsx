import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { errorText } from '@otc/sdk';
import { connectStore } from '../../app/store';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { customerFixture, unprocessable, useAccountHandlers } from './account-fixtures';


async function renderAccount(path: string) {
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

beforeEach(() => {
  signIn();
});

describe('profile', () => {
  it('shows the profile: gender M/F as Male/Female, date of birth in three boxes', async () => {
    setLocaleCookie('en');
    useAccountHandlers();
    await renderAccount('/account');
    expect(await screen.findByLabelText('First name')).toHaveValue('Rosa');
    const gender = screen.getByLabelText('Gender');
    expect(gender).toHaveValue('F');
    expect(within(gender).getByRole('option', { name: 'Female' })).toHaveValue('F');
    expect(within(gender).getByRole('option', { name: 'Male' })).toHaveValue('M');
    const birth = screen.getByRole('group', { name: /Date of birth/ });
    expect(within(birth).getByLabelText('Month')).toHaveValue('3');
    expect(within(birth).getByLabelText('Day')).toHaveValue('7');
    expect(within(birth).getByLabelText('Year')).toHaveValue('1951');
    expect(screen.getByRole('navigation', { name: 'My account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });

  it('saves the whole profile and says "Changes are saved"', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const handlers = useAccountHandlers();
    await renderAccount('/account');
    const middle = await screen.findByLabelText('Middle name (optional)');
    await user.type(middle, 'Ana');
    await user.selectOptions(screen.getByLabelText('Gender'), 'M');
    await user.click(screen.getByLabelText('News and offers (marketing)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes are saved')).toBeInTheDocument();
    expect(handlers.calls).toHaveLength(1);
    expect(handlers.calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/customer/data',
      body: {
        firstName: 'Rosa',
        middleName: 'Ana',
        gender: 'M',
        birthdate: '1951-03-07',
        isMarketingEnabled: true,
      },
    });
  });

  it('in Spanish, a 422 puts each code under its field in Spanish and keeps what was typed', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    useAccountHandlers({
      customer: customerFixture({ interfaceLanguage: 'es' }),
      answer: () =>
        unprocessable({
          lastName: { code: 'too_long', params: { max: 80 } },
          birthdate: { code: 'date_not_past' },
        }),
    });
    await renderAccount('/es/account');
    const last = await screen.findByLabelText('Apellido');
    await user.clear(last);
    await user.type(last, 'Martínez de la Cruz');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(last).toHaveAttribute('aria-invalid', 'true'));
    expect(last).toHaveAccessibleDescription(errorText('too_long', 'es', { max: 80 }));
    const birth = screen.getByRole('group', { name: /Fecha de nacimiento/ });
    expect(birth).toHaveAccessibleDescription(
      expect.stringContaining(errorText('date_not_past', 'es')),
    );
    expect(screen.queryByText('(a text the form never reads)')).not.toBeInTheDocument();
    expect(last).toHaveValue('Martínez de la Cruz');
    expect(screen.queryByText('Los cambios se guardaron')).not.toBeInTheDocument();
  });

  it('a half-typed date of birth is caught before sending, in the page language', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    const handlers = useAccountHandlers();
    await renderAccount('/es/account');
    const birth = await screen.findByRole('group', { name: /Fecha de nacimiento/ });
    await user.clear(within(birth).getByLabelText('Día'));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(birth).toHaveAccessibleDescription(
        expect.stringContaining(errorText('wrong_format', 'es')),
      ),
    );
    expect(handlers.calls).toHaveLength(0);
  });

  it('the language choices are named in their own language, marked with it', async () => {
    setLocaleCookie('en');
    useAccountHandlers();
    await renderAccount('/account');
    const site = await screen.findByLabelText('Language of this website');
    expect(within(site).getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es');
    expect(within(site).getByRole('option', { name: 'English' })).toHaveAttribute('lang', 'en');
    const messages = screen.getByLabelText('Preferred language for messages');
    expect(within(messages).getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es');
  });

  it('a birth year before 1900 is said too early, and a child is refused (the terms ask 18 or older)', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    const handlers = useAccountHandlers();
    await renderAccount('/es/account');
    const birth = await screen.findByRole('group', { name: /Fecha de nacimiento/ });
    const year = within(birth).getByLabelText('Año');
    await user.clear(year);
    await user.type(year, '1850');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(birth).toHaveAccessibleDescription(expect.stringContaining('Ingrese un año a partir de 1900.')));
    expect(birth).not.toHaveAccessibleDescription(expect.stringContaining('Esta fecha no existe.'));
    await user.clear(year);
    await user.type(year, '2020');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(birth).toHaveAccessibleDescription(expect.stringContaining('Debe tener 18 años o más para comprar aquí.')),
    );
    expect(handlers.calls).toHaveLength(0);
  });

  it('a failed call keeps the typed values and says why', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    useAccountHandlers({ answer: () => HttpResponse.error() });
    await renderAccount('/account');
    const org = await screen.findByLabelText('Organization (optional)');
    await user.type(org, 'Senior Center');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errorText('network_error', 'en'));
    expect(org).toHaveValue('Senior Center');
  });
});
