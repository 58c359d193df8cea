import { render, screen } from '@testing-library/react';
import { RadioGroup, TextField } from './field';
import { LiveMessage, describedErrorText } from './live-message';

describe('LiveMessage', () => {
  it('is in the page before it says anything, and says the same words again as a new node', () => {
    const { container, rerender } = render(<LiveMessage message={null} />);
    const region = container.querySelector('[aria-live="assertive"]')!;
    expect(region).toBeEmptyDOMElement();
    rerender(<LiveMessage message={{ text: 'This field is required.', key: 1 }} />);
    // The same region, now with the text.
    expect(container.querySelector('[aria-live="assertive"]')).toBe(region);
    const first = region.firstElementChild;
    expect(region).toHaveTextContent('This field is required.');
    rerender(<LiveMessage message={{ text: 'This field is required.', key: 2 }} />);
    expect(region.firstElementChild).not.toBe(first);
    expect(region).toHaveClass('sr-only');
  });
});

describe('describedErrorText', () => {
  it("reads a field's error, not its hint", () => {
    render(<TextField label="E-mail" hint="name@example.com" error="This field has wrong format" />);
    expect(describedErrorText(screen.getByRole('textbox', { name: 'E-mail' }))).toBe('This field has wrong format');
  });

  it("reads a radio's group error", () => {
    render(
      <RadioGroup legend="Type" name="type" options={[{ value: 'a', label: 'A' }]} error="Choose one" />,
    );
    expect(describedErrorText(screen.getByRole('radio', { name: 'A' }))).toBe('Choose one');
  });

  it('is empty for a field without an error', () => {
    render(<TextField label="Name" hint="As on the card" />);
    expect(describedErrorText(screen.getByRole('textbox', { name: 'Name' }))).toBe('');
  });
});
