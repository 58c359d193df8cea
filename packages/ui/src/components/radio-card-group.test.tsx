import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioCardGroup, type RadioCardOption } from './radio-card-group';

const OPTIONS: RadioCardOption[] = [
  {
    value: 'trnsx',
    label: 'Network benefit card',
    description: 'Pay with your plan card',
    tag: 'Recommended',
  },
  { value: 'prohealth', label: 'ProHealth', description: 'Uses your active insurance card' },
  {
    value: 'balance',
    label: 'Balance',
    disabled: true,
    disabledReason: "You don't have enough funds to pay for this order",
  },
  { value: 'credit', label: 'Credit card' },
];

function Harness({ error, onChange }: { error?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <RadioCardGroup
      legend="Payment method"
      name="payment"
      hint="Choose how to pay"
      error={error}
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('RadioCardGroup', () => {
  it('is a named group of native radios; the tag is part of the name, the description describes', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Payment method' })).toHaveAccessibleDescription(
      'Choose how to pay',
    );
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    const trnsx = screen.getByRole('radio', { name: 'Network benefit card Recommended' });
    expect(trnsx).toHaveAccessibleDescription('Pay with your plan card');
    expect(screen.getByText('Recommended')).toBeVisible();
  });

  it('chooses by click on the label and by arrow keys, skipping a disabled option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByText('ProHealth'));
    expect(screen.getByRole('radio', { name: 'ProHealth' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('prohealth');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Credit card' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Credit card' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('credit');
  });

  it('a disabled option says why and cannot be chosen', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const balance = screen.getByRole('radio', { name: 'Balance' });
    expect(balance).toBeDisabled();
    expect(balance).toHaveAccessibleDescription(
      "You don't have enough funds to pay for this order",
    );
    await user.click(screen.getByText('Balance'));
    expect(balance).not.toBeChecked();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('ties an error to the group', () => {
    render(<Harness error="Required" />);
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(group).toHaveAccessibleDescription('Choose how to pay Required');
    expect(group).toHaveAttribute('aria-invalid', 'true');
  });
});
