import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmButton } from './confirm-button';
import { Drawer } from './dialog';

function renderButton(onConfirm = vi.fn()) {
  render(
    <>
      <ConfirmButton label="Remove" confirmLabel="Press again to remove" onConfirm={onConfirm} />
      <button type="button">Next</button>
    </>,
  );
  return onConfirm;
}

describe('ConfirmButton', () => {
  it('needs a second tap: the first one only asks, the second one removes', async () => {
    const user = userEvent.setup();
    const onConfirm = renderButton();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Press again to remove');
    await user.click(screen.getByRole('button', { name: 'Press again to remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('works with Enter and Space, and Escape cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = renderButton();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Press again to remove' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard(' ');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('moving focus away cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = renderButton();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('has no time limit: the second tap still removes after ten minutes', () => {
    vi.useFakeTimers();
    try {
      const onConfirm = vi.fn();
      render(<ConfirmButton label="Remove" confirmLabel="Confirm" onConfirm={onConfirm} />);
      fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
      act(() => vi.advanceTimersByTime(10 * 60_000));
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(onConfirm).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmButton label="Remove" confirmLabel="Confirm" onConfirm={onConfirm} disabled />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('inside a drawer, Escape first cancels the confirmation and only then closes the drawer', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Drawer open onClose={onClose} title="Cart">
        <ConfirmButton label="Remove" confirmLabel="Press again to remove" onConfirm={() => {}} />
      </Drawer>,
    );
    const button = screen.getByRole('button', { name: 'Remove' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
