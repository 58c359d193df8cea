import { render, screen } from '@testing-library/react';
import { StatusBadge, statusColorForCode } from './status-badge';

describe('StatusBadge', () => {
  it('shows its label and takes the colour of its code', () => {
    render(
      <>
        <StatusBadge code={20}>Enviado</StatusBadge>
        <StatusBadge code={-10}>Waiting for payment</StatusBadge>
        <StatusBadge code={30}>Delivered</StatusBadge>
      </>,
    );
    expect(screen.getByText('Enviado')).toHaveAttribute('data-color', 'sky');
    expect(screen.getByText('Waiting for payment')).toHaveAttribute('data-color', 'orange');
    expect(screen.getByText('Delivered')).toHaveAttribute('data-color', 'primary');
    expect(screen.getByText('Delivered')).toHaveClass('bg-primary', 'text-on-primary');
  });

  it('follows the colour table for every code, and slate for an unknown one', () => {
    const table: Array<[number, string]> = [
      [-20, 'slate'],
      [-10, 'orange'],
      [-5, 'violet'],
      [0, 'darkred'],
      [1, 'teal'],
      [10, 'cyan'],
      [20, 'sky'],
      [30, 'primary'],
      [50, 'slate'],
      [99, 'slate'],
    ];
    for (const [code, color] of table) expect(statusColorForCode(code)).toBe(color);
  });

  it('has a dark-mode colour pair for every code (text on its own background)', () => {
    for (const code of [-20, -10, -5, 0, 1, 10, 20, 50]) {
      const { unmount } = render(<StatusBadge code={code}>Status</StatusBadge>);
      const className = screen.getByText('Status').className;
      expect(className).toMatch(/dark:bg-\w+-\d+/);
      expect(className).toMatch(/dark:text-\w+-\d+/);
      unmount();
    }
  });
});
