import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantityStepper } from './quantity-stepper';

function Harness({ initial, max }: { initial: number; max?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <QuantityStepper
      value={value}
      onChange={setValue}
      max={max}
      label="Quantity of Vitamin C"
      decrementLabel="Remove one"
      incrementLabel="Add one"
      maxReachedMessage="You cannot add more"
    />
  );
}

describe('QuantityStepper', () => {
  it('increments and decrements within bounds', async () => {
    const user = userEvent.setup();
    render(<Harness initial={1} max={3} />);
    const group = screen.getByRole('group', { name: 'Quantity of Vitamin C' });
    const minus = screen.getByRole('button', { name: 'Remove one' });
    const plus = screen.getByRole('button', { name: 'Add one' });
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    await user.click(minus);
    expect(group).toHaveTextContent('1');
    await user.click(plus);
    await user.click(plus);
    expect(group).toHaveTextContent('3');
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    await user.click(plus);
    expect(group).toHaveTextContent('3');
    expect(screen.getByText('You cannot add more')).toBeInTheDocument();
    await user.click(minus);
    expect(group).toHaveTextContent('2');
    expect(plus).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText('You cannot add more')).not.toBeInTheDocument();
  });

  it('keeps the focus on the button that reached a bound (it stops acting but stays focusable)', async () => {
    const user = userEvent.setup();
    render(<Harness initial={3} max={3} />);
    const minus = screen.getByRole('button', { name: 'Remove one' });
    await user.click(minus);
    await user.click(minus);
    expect(screen.getByRole('group', { name: 'Quantity of Vitamin C' })).toHaveTextContent('1');
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    expect(minus).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('group', { name: 'Quantity of Vitamin C' })).toHaveTextContent('1');
    const plus = screen.getByRole('button', { name: 'Add one' });
    await user.tab();
    expect(plus).toHaveFocus();
    await user.keyboard('{Enter}{Enter}');
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(plus).toHaveFocus();
  });

  it('stops both buttons while busy, keeping them focusable', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <QuantityStepper value={2} onChange={onChange} busy label="Qty" decrementLabel="Less" incrementLabel="More" />,
    );
    const less = screen.getByRole('button', { name: 'Less' });
    expect(less).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'More' })).toHaveAttribute('aria-disabled', 'true');
    expect(less).toBeEnabled();
    await user.click(less);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Qty' })).toHaveAttribute('aria-busy', 'true');
  });
});
