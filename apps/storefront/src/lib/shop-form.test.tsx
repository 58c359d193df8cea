import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller } from 'react-hook-form';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { addressInputSchema } from '@otc/sdk';
import { TextField } from '@otc/ui';
import type { SdkQueryError } from './api';
import { focusFirstInvalid, keepFocusedInView, useShopForm } from './shop-form';

let sent: unknown[] = [];
let serverError: SdkQueryError | undefined;

function AddressForm() {
  const form = useShopForm(addressInputSchema, {
    defaultValues: { address: '', city: '', state: '', zip: '' },
  });
  const onSubmit = form.submit(async (values) => {
    sent.push(values);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (serverError) form.applyServerErrors(serverError);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField label="Address" {...form.field('address')} />
      <TextField label="City" {...form.field('city')} />
      <TextField label="State" {...form.field('state')} />
      <TextField label="ZIP" {...form.field('zip')} />
      <button type="submit">Save</button>
    </form>
  );
}

/**
 * The street drawn by a Controller (registered after the fields of the form's own body), above
 * them on screen; the ZIP must be five digits, a check of the form's own.
 */
function ControlledFirstForm() {
  const form = useShopForm(addressInputSchema, {
    defaultValues: { address: '', city: '', state: '', zip: '' },
  });
  const city = form.field('city');
  const state = form.field('state');
  const zip = form.field('zip');
  const onSubmit = form.submit(
    (values) => {
      sent.push(values);
    },
    (values) => {
      if (!/^\d{5}$/.test(values.zip))
        form.setError('zip', { type: 'validate', message: 'wrong_format' });
    },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Controller
        control={form.control}
        name="address"
        render={({ field }) => (
          <TextField label="Address" {...field} error={form.fieldError('address')} />
        )}
      />
      <TextField label="City" {...city} />
      <TextField label="State" {...state} />
      <TextField label="ZIP" {...zip} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderAt(path: string, Component: () => React.ReactNode = AddressForm) {
  const router = createMemoryRouter([{ path: '*', Component }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  sent = [];
  serverError = undefined;
});

describe('useShopForm', () => {
  it('checks with the SDK schema and shows catalogue texts in the page language', async () => {
    const user = userEvent.setup();
    renderAt('/es/account/addresses');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Spanish texts of `required`/`not_blank` (catalogue), tied to their fields.
    const city = screen.getByLabelText('City');
    await waitFor(() => expect(city).toHaveAttribute('aria-invalid', 'true'));
    expect(city).toHaveAccessibleDescription(/Este valor no debe estar vacío\.|Obligatorio/);
    expect(sent).toHaveLength(0);
  });

  it('waits 300 ms after the last edit before showing an error', async () => {
    // The test's clock (the form has no requests): the 300 ms are counted, not waited for, so a
    // busy machine cannot stretch a real pause past the delay.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Testing Library drains its async work with a timer, advanced only when it sees a `jest` global.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    onTestFinished(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/account/addresses');
    const zip = screen.getByLabelText('ZIP');
    await user.type(zip, '12');
    await user.tab();
    // Without the delay the resolver's answer would be on screen at once.
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.queryByText('This field has wrong format')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('This field has wrong format')).toBeInTheDocument();
    expect(zip).toHaveValue('12');
  });

  it('puts a 422 under its field by code, keeps the values, and sends once on a double click', async () => {
    const user = userEvent.setup();
    serverError = {
      status: 422,
      message: 'The given data was invalid.',
      code: 'validation_failed',
      fieldErrors: { state: "We don't deliver to this state" },
      fieldCodes: { state: { code: 'state_not_delivered' } },
    };
    renderAt('/es/account/addresses');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('State'), 'AK');
    await user.type(screen.getByLabelText('ZIP'), '62701');
    const save = screen.getByRole('button', { name: 'Save' });
    await act(async () => {
      save.click();
      save.click();
    });
    expect(await screen.findByText('No hacemos entregas en este estado')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.getByLabelText('City')).toHaveValue('Springfield');
    // Once the errors are drawn (as a refused submit's), the first refused field has the focus.
    await waitFor(() => expect(screen.getByLabelText('State')).toHaveFocus());
  });

  it('a refused submit focuses the first invalid field on screen, with the checks of the form shown too', async () => {
    const user = userEvent.setup();
    renderAt('/account/addresses', ControlledFirstForm);
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.type(screen.getByLabelText('ZIP'), '627');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The street (drawn first, registered last) takes the focus, not the state (registered first).
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveFocus());
    expect(screen.getByLabelText('State')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ZIP')).toHaveAccessibleDescription('This field has wrong format');
    expect(sent).toHaveLength(0);
  });
});

describe('keepFocusedInView', () => {
  function focusedButton(rect: { top: number; bottom: number }) {
    const form = document.createElement('form');
    const button = document.createElement('button');
    form.append(button);
    document.body.append(form);
    button.focus();
    button.getBoundingClientRect = () => ({ ...rect, left: 0, right: 100, x: 0, y: rect.top, width: 100, height: rect.bottom - rect.top, toJSON: () => ({}) });
    const scrolled = vi.fn();
    button.scrollIntoView = scrolled;
    return { form, scrolled };
  }

  it('scrolls the focused control back whole on screen when the layout pushed it partly off', () => {
    const { form, scrolled } = focusedButton({ top: window.innerHeight - 40, bottom: window.innerHeight + 60 });
    keepFocusedInView();
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    form.remove();
  });

  it('leaves a control that is whole on screen, or one the reader scrolled away from', () => {
    const whole = focusedButton({ top: 100, bottom: 200 });
    keepFocusedInView();
    expect(whole.scrolled).not.toHaveBeenCalled();
    whole.form.remove();
    const away = focusedButton({ top: window.innerHeight + 500, bottom: window.innerHeight + 600 });
    keepFocusedInView();
    expect(away.scrolled).not.toHaveBeenCalled();
    away.form.remove();
  });
});

describe('focusFirstInvalid', () => {
  it('goes to the first refused field on screen even before its mark is drawn (a busy machine), not to one marked earlier below it', async () => {
    document.body.innerHTML = `<form><input name="email"><input name="phone" aria-invalid="true"><input type="hidden" name="email"></form>`;
    const form = document.querySelector('form')!;
    focusFirstInvalid(form, () => {}, undefined, ['phone', 'email']);
    await waitFor(() => expect(document.activeElement).toBe(form.querySelector('input[name="email"]:not([type="hidden"])')));
    // Only the marks to go by: the marked one.
    (document.activeElement as HTMLElement).blur();
    focusFirstInvalid(form, () => {});
    await waitFor(() => expect(document.activeElement).toBe(form.querySelector('input[name="phone"]')));
    document.body.innerHTML = '';
  });
});
