import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectStore } from '../../app/store';
import { renderApp, screen, setLocaleCookie, signIn } from '../../test/render-app';
import { customerFixture, unprocessable, useAccountHandlers } from './account-fixtures';


async function renderPage(path: string) {
  const view = await renderApp(path);
  onTestFinished(connectStore(view.store));
  return view;
}

beforeEach(() => signIn());

describe('addresses', () => {
  it('offers only the delivery states; none chosen is "State is required"; adds the address', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const handlers = useAccountHandlers();
    await renderPage('/account/addresses');
    expect(await screen.findByText('You have no saved addresses yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an address' });
    const state = within(dialog).getByRole('combobox', { name: /^State/ });
    // Settings (test fixture) deliver to CA and TX only.
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'CA', 'TX']);
    await user.type(within(dialog).getByLabelText(/^Street address/), '1 Main St');
    await user.type(within(dialog).getByLabelText(/^City/), 'Austin');
    await user.type(within(dialog).getByLabelText(/^ZIP code/), '73301');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(await within(dialog).findByText('State is required')).toBeInTheDocument();
    expect(handlers.calls).toHaveLength(0);
    await user.selectOptions(state, 'TX');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Address is added')).toBeInTheDocument();
    expect(handlers.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/customer/address',
      body: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', address2: null },
    });
  });

  it('in Spanish, a 422 on the state shows under it in Spanish and the address stays typed', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    useAccountHandlers({
      customer: customerFixture({
        addresses: [
          {
            id: 4,
            address: '5 Oak Ave',
            address2: null,
            city: 'Fresno',
            state: 'CA',
            zip: '93650',
            facilityAddress: false,
          },
        ],
      }),
      answer: () => unprocessable({ state: { code: 'state_not_delivered' } }),
    });
    await renderPage('/es/account/addresses');
    await user.click(await screen.findByRole('button', { name: /^Editar\s*5 Oak Ave$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar la dirección' });
    const city = within(dialog).getByLabelText(/^Ciudad/);
    await user.clear(city);
    await user.type(city, 'Clovis');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar dirección' }));
    const state = within(dialog).getByRole('combobox', { name: /^Estado/ });
    await waitFor(() => expect(state).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('No hacemos entregas en este estado')).toBeInTheDocument();
    expect(city).toHaveValue('Clovis');
  });
});

describe('deleting an address', () => {
  const address = { id: 4, address: '5 Oak Ave', address2: null, city: 'Fresno', state: 'CA', zip: '93650', facilityAddress: false };

  it('with the scripts a second press deletes it; without them Delete is a GET of the confirmation step', async () => {
    setLocaleCookie('en');
    const user = userEvent.setup();
    const handlers = useAccountHandlers({ customer: customerFixture({ addresses: [address] }) });
    await renderPage('/account/addresses');
    const remove = await screen.findByRole('button', { name: /^Delete\s*5 Oak Ave$/ });
    const form = remove.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(Object.fromEntries(new FormData(form))).toEqual({ remove: '4' });
    await user.click(remove);
    expect(handlers.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Press again to delete' }));
    await waitFor(() => expect(handlers.calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/api/customer/address/4' })));
  });

  it('the confirmation step (?remove=) says which, in Spanish too; Yes posts the deletion, Cancel goes back', async () => {
    setLocaleCookie('es');
    const user = userEvent.setup();
    const handlers = useAccountHandlers({ customer: customerFixture({ addresses: [address] }) });
    await renderPage('/es/account/addresses?remove=4');
    const step = await screen.findByRole('group', { name: '¿Eliminar esta dirección?' });
    expect(step).toHaveTextContent('5 Oak Ave, Fresno, CA 93650');
    expect(within(step).getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/es/account/addresses');
    await user.click(within(step).getByRole('button', { name: 'Sí, eliminarla' }));
    await waitFor(() => expect(handlers.calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/api/customer/address/4' })));
  });
  it('the page a change without the scripts led to (?done=) says it, with the lines of the address added; a made-up one says nothing', async () => {
    setLocaleCookie('es');
    const oak = { id: 4, address: '5 Oak Ave', address2: null, city: 'Fresno', state: 'CA', zip: '93650', facilityAddress: false };
    useAccountHandlers({ customer: customerFixture({ addresses: [oak] }) });
    const added = await renderPage('/es/account/addresses?done=add-address:4');
    const notice = (await screen.findByText('La dirección fue agregada')).closest<HTMLElement>('[role="status"]')!;
    await waitFor(() => expect(notice).toHaveTextContent('5 Oak Ave'));
    added.unmount();
    const removed = await renderPage('/es/account/addresses?done=remove-address');
    expect(await screen.findByText('La dirección fue eliminada')).toBeInTheDocument();
    removed.unmount();
    await renderPage('/es/account/addresses?done=you-won:4');
    expect(await screen.findByRole('button', { name: /^Editar\s*5 Oak Ave$/ })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /dirección/ })).not.toBeInTheDocument();
    expect(screen.queryByText('La dirección fue agregada')).not.toBeInTheDocument();
  });
});
