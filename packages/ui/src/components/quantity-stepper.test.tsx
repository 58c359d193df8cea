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
    expect(minus).toBeDisabled();
    expect(group).toHaveTextContent('1');
    await user.click(plus);
    await user.click(plus);
    expect(group).toHaveTextContent('3');
    expect(plus).toBeDisabled();
    expect(screen.getByText('You cannot add more')).toBeInTheDocument();
    await user.click(minus);
    expect(group).toHaveTextContent('2');
    expect(plus).toBeEnabled();
    expect(screen.queryByText('You cannot add more')).not.toBeInTheDocument();
  });

  it('disables both buttons while busy', () => {
    render(
      <QuantityStepper value={2} onChange={() => {}} busy label="Qty" decrementLabel="Less" incrementLabel="More" />,
    );
    expect(screen.getByRole('button', { name: 'Less' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Qty' })).toHaveAttribute('aria-busy', 'true');
  });
});
