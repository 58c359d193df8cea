import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notice } from './notice';

describe('Notice', () => {
  it('an error is an alert with its title and text', () => {
    render(
      <Notice tone="error" title="Some items are out of stock">
        Please remove them to be able to place the order.
      </Notice>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Some items are out of stock');
    expect(alert).toHaveTextContent('Please remove them to be able to place the order.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each(['info', 'warning', 'success'] as const)(
    'a %s notice is a status, not an alert',
    (tone) => {
      render(<Notice tone={tone}>$25.00 Minimum Order.</Notice>);
      expect(screen.getByRole('status')).toHaveTextContent('$25.00 Minimum Order.');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('with live={false} it is no live region (its words are announced elsewhere, once)', () => {
    render(
      <Notice tone="error" live={false} title="Error placing order">
        Card number: Card number or code is not correct
      </Notice>,
    );
    expect(screen.getByText('Error placing order')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers its action to the keyboard', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Notice
        tone="info"
        action={
          <button type="button" onClick={onClick}>
            Review cart
          </button>
        }
      >
        Your saved cart and this one were combined.
      </Notice>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Review cart' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('keeps its icon out of the accessible text', () => {
    render(<Notice tone="warning">Check your address</Notice>);
    const status = screen.getByRole('status');
    expect(status.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(status).toHaveTextContent(/^Check your address$/);
  });
});
