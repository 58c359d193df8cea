import { render, screen, within } from '@testing-library/react';
import { SummaryList } from './summary-list';

const ROWS = [
  { id: 'subtotal', label: 'Subtotal', value: '$42.50' },
  { id: 'shipping', label: 'Shipping', value: 'Free', hint: 'Standard delivery' },
  { id: 'tax', label: 'Tax', value: '$0.00' },
  { id: 'total', label: 'Total', value: '$42.50', emphasis: true },
];

describe('SummaryList', () => {
  it('pairs each label with its value in a description list', () => {
    const { container } = render(<SummaryList rows={ROWS} aria-label="Billing summary" />);
    const terms = screen.getAllByRole('term');
    const values = screen.getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual([
      'Subtotal',
      'ShippingStandard delivery',
      'Tax',
      'Total',
    ]);
    expect(values.map((v) => v.textContent)).toEqual(['$42.50', 'Free', '$0.00', '$42.50']);
    expect(container.querySelector('dl')).toHaveAttribute('aria-label', 'Billing summary');
  });

  it('sets the total row apart', () => {
    render(<SummaryList rows={ROWS} />);
    const total = screen.getByText('Total').closest('div');
    const subtotal = screen.getByText('Subtotal').closest('div');
    expect(total).toHaveAttribute('data-emphasis', 'true');
    expect(total).toHaveClass('font-bold');
    expect(subtotal).not.toHaveAttribute('data-emphasis');
    expect(within(total!).getByRole('definition')).toHaveTextContent('$42.50');
  });
});
