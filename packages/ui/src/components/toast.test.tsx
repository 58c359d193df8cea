import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toast } from './toast';
import { ToastRegion } from './toast-region';

describe('Toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function renderToast(props: Partial<Parameters<typeof Toast>[0]> = {}) {
    const onClose = vi.fn();
    render(
      <ToastRegion label="Notifications">
        <Toast title="Saved" description="Changes are saved" closeLabel="Dismiss" onClose={onClose} {...props} />
      </ToastRegion>,
    );
    return { onClose };
  }

  it('closes by itself after the default 5000 ms', () => {
    const { onClose } = renderToast();
    act(() => vi.advanceTimersByTime(4999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledWith('timeout');
  });

  it('pauses while hovered and resumes with the time left', () => {
    const { onClose } = renderToast({ timeout: 3000 });
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.mouseEnter(screen.getByRole('listitem'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseLeave(screen.getByRole('listitem'));
    act(() => vi.advanceTimersByTime(999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledWith('timeout');
  });

  it('stays open with timeout 0', () => {
    const { onClose } = renderToast({ timeout: 0 });
    act(() => vi.advanceTimersByTime(60_000));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('close button closes it and runs the callback', () => {
    const callback = vi.fn();
    const { onClose } = renderToast({ callback });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledWith('close');
    expect(callback).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an action closes it and runs the action', () => {
    const reload = vi.fn();
    const { onClose } = renderToast({ actions: [{ label: 'Reload', onClick: reload }] });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith('action');
  });

  it('errors are alerts; avatars show initials; the region is labelled', () => {
    renderToast({ color: 'danger', avatar: { initials: 'JD' } });
    expect(screen.getByTestId('toast-urgent')).toHaveTextContent('Saved');
    expect(screen.getByTestId('toast-initials')).toHaveTextContent('JD');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('is a plain list item inside a live region, errors in the assertive one', () => {
    const onClose = vi.fn();
    render(
      <ToastRegion label="Notifications">
        <Toast title="Saved" description="Changes are saved" closeLabel="Dismiss" onClose={onClose} />
        <Toast title="Failed" color="danger" closeLabel="Dismiss" onClose={onClose} />
      </ToastRegion>,
    );
    const [saved, failed] = [screen.getByText('Saved').closest('li'), screen.getByText('Failed').closest('li')];
    expect(saved).not.toHaveAttribute('role');
    expect(saved?.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(failed?.closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive');
    // One live region per toast: nothing inside it is live again (read once).
    expect(saved?.querySelector('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    for (const list of screen.getAllByRole('list')) expect(list).not.toHaveAttribute('aria-live');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
