import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OneTimeCodeInput } from './one-time-code-input';

function Harness({ onComplete, error }: { onComplete?: (code: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <OneTimeCodeInput
      label="Verification code"
      hint="We sent it by SMS"
      error={error}
      value={value}
      onChange={setValue}
      onComplete={onComplete}
    />
  );
}

describe('OneTimeCodeInput', () => {
  it('is one labelled numeric field the browser can fill from an SMS', () => {
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('pattern', '[0-9]{6}');
    expect(input).toHaveAccessibleDescription('We sent it by SMS');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('keeps digits only and calls onComplete once the sixth digit is typed', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    await user.type(input, '12a3-45');
    expect(input).toHaveValue('12345');
    expect(onComplete).not.toHaveBeenCalled();
    await user.type(input, '67');
    expect(input).toHaveValue('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('accepts a whole pasted code with a space in it', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    await user.click(input);
    await user.paste('482 913');
    expect(input).toHaveValue('482913');
    expect(onComplete).toHaveBeenCalledWith('482913');
  });

  it('can be corrected with Backspace and completes again', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    await user.type(input, '111111{Backspace}2');
    expect(input).toHaveValue('111112');
    expect(onComplete).toHaveBeenNthCalledWith(1, '111111');
    expect(onComplete).toHaveBeenNthCalledWith(2, '111112');
  });

  it('ties the error to the input and marks it invalid', () => {
    render(<Harness error="The code you entered is not valid." />);
    const input = screen.getByRole('textbox', { name: 'Verification code' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'We sent it by SMS The code you entered is not valid.',
    );
  });
});
