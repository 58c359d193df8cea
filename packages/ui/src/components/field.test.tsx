import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField, TextAreaField, RadioGroup } from './field';
import { Button, IconButton, LinkButton } from './button';

describe('fields and buttons', () => {
  it('TextField ties hint and error to the input', () => {
    render(<TextField label="Email" hint="We never share it" error="This field has wrong format" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it This field has wrong format');
  });

  it('TextField keeps its addon on the input row, between the label and the error', () => {
    render(<TextField label="Promo code" error="The code you entered is not valid." addon={<button type="submit">Apply</button>} />);
    const input = screen.getByRole('textbox', { name: 'Promo code' });
    const button = screen.getByRole('button', { name: 'Apply' });
    // One row holds the input (in its own growing box) and the button; the error comes after it.
    const row = button.parentElement!;
    expect(row).toContainElement(input);
    expect(row.nextElementSibling).toHaveTextContent('The code you entered is not valid.');
    expect(input).toHaveAccessibleDescription('The code you entered is not valid.');
  });

  it('TextField without an error is not invalid', () => {
    render(<TextField label="Name" />);
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });

  it('TextField writes its type, text by default (an autocomplete token is matched to it)', () => {
    render(
      <>
        <TextField label="First name" autoComplete="given-name" />
        <TextField label="E-mail" type="email" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('type', 'text');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('type', 'email');
  });

  it('TextAreaField ties hint and error to the text box and passes required on', () => {
    render(<TextAreaField label="Message" hint="How we can help" error="Required" requiredMark="*" required />);
    const box = screen.getByRole('textbox', { name: 'Message*' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toBeRequired();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('How we can help Required');
  });

  it('a character count describes the field, and is said as it changes only when asked (near the limit)', () => {
    const { rerender } = render(<TextAreaField label="Message" hint="How we can help" counter="12 of 4000 characters" maxLength={4000} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAccessibleDescription('How we can help 12 of 4000 characters');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(<TextAreaField label="Message" hint="How we can help" counter="3990 of 4000 characters" counterLive maxLength={4000} />);
    expect(screen.getByRole('status')).toHaveTextContent('3990 of 4000 characters');
    render(<TextField label="Product name" counter="5 of 200 characters" />);
    expect(screen.getByRole('textbox', { name: 'Product name' })).toHaveAccessibleDescription('5 of 200 characters');
  });

  it('RadioGroup reports the chosen value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <RadioGroup
        legend="Pay with"
        name="method"
        value="trnsx"
        onChange={onChange}
        options={[
          { value: 'trnsx', label: 'Benefit card' },
          { value: 'balance', label: 'Balance' },
        ]}
      />,
    );
    expect(screen.getByRole('group', { name: 'Pay with' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Balance' }));
    expect(onChange).toHaveBeenCalledWith('balance');
  });

  it('an uncontrolled RadioGroup keeps a tick the app did not draw when it draws again', () => {
    const group = (legend: string) => (
      <RadioGroup
        legend={legend}
        name="way"
        defaultValue="code"
        options={[
          { value: 'code', label: 'With a code' },
          { value: 'password', label: 'With a password' },
        ]}
      />
    );
    const { rerender } = render(group('How'));
    expect(screen.getByRole('radio', { name: 'With a code' })).toBeChecked();
    // As a tick before the scripts start: the browser changes it, React is not told.
    (screen.getByRole('radio', { name: 'With a password' }) as HTMLInputElement).checked = true;
    rerender(group('How next time'));
    expect(screen.getByRole('radio', { name: 'With a password' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'With a code' })).not.toBeChecked();
  });

  it('a loading Button is busy and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading loadingLabel="Saving" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('IconButton is named by aria-label; LinkButton renders the given component', () => {
    function FakeLink({ to, ...rest }: { to: string; className?: string; children?: React.ReactNode }) {
      return <a href={`#${to}`} data-router="yes" {...rest} />;
    }
    render(
      <>
        <IconButton aria-label="Open menu" icon={<svg />} />
        <LinkButton as={FakeLink} to="/catalog">
          Shop now
        </LinkButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Shop now' });
    expect(link).toHaveAttribute('href', '#/catalog');
    expect(link).toHaveAttribute('data-router', 'yes');
  });
});
