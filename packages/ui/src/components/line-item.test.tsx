import { render, screen, within } from '@testing-library/react';
import { LineItem } from './line-item';

describe('LineItem', () => {
  it('shows the name, its details and the side column inside one list item', () => {
    render(
      <ul>
        <LineItem imageSrc="/img/1.png" title={<a href="/item/1">Vitamin D</a>} aside={<button type="button">Remove</button>}>
          <p>$5.00 each</p>
        </LineItem>
      </ul>,
    );
    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('link', { name: 'Vitamin D' })).toHaveAttribute('href', '/item/1');
    expect(within(row).getByText('$5.00 each')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    // The picture is decorative: the name already says what it is.
    expect(within(row).queryByRole('img')).not.toBeInTheDocument();
    expect(row.querySelector('img')).toHaveAttribute('width', '80');
  });

  it('a small row has a 64 px picture and no side column', () => {
    const { container } = render(
      <ul>
        <LineItem imageSrc="/img/2.png" title="Bandages" size="sm">
          <p>Quantity: 2</p>
        </LineItem>
      </ul>,
    );
    expect(container.querySelector('img')).toHaveAttribute('width', '64');
    expect(within(screen.getByRole('listitem')).queryByRole('button')).not.toBeInTheDocument();
  });
});
