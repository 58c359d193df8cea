import { render, screen, within } from '@testing-library/react';
import { ProgressTracker, type ProgressStep } from './progress-tracker';

const STATE_LABELS = {
  done: 'completed',
  current: 'in progress',
  upcoming: 'not yet',
  failed: 'failed',
};

const STEPS: ProgressStep[] = [
  {
    id: 'payment',
    label: 'Payment and verification',
    state: 'done',
    date: <time dateTime="2025-03-01">Mar 1, 2025</time>,
  },
  { id: 'confirmed', label: 'Order confirmed', state: 'done', date: 'Mar 2, 2025' },
  {
    id: 'packaging',
    label: 'Packaging',
    state: 'current',
    description: 'Usually one business day',
  },
  { id: 'shipped', label: 'Shipped', state: 'upcoming' },
  { id: 'delivered', label: 'Delivered', state: 'upcoming' },
];

describe('ProgressTracker', () => {
  it('is a named ordered list, one item per step, with the current one marked', () => {
    render(<ProgressTracker label="Order progress" steps={STEPS} stateLabels={STATE_LABELS} />);
    const list = screen.getByRole('list', { name: 'Order progress' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items.filter((item) => item.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('reads each state in words, with the date and description when given', () => {
    render(<ProgressTracker label="Order progress" steps={STEPS} stateLabels={STATE_LABELS} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Payment and verification, completed');
    expect(items[0]).toHaveTextContent('Mar 1, 2025');
    expect(within(items[0]!).getByText('Mar 1, 2025').tagName).toBe('TIME');
    expect(items[2]).toHaveTextContent('Packaging, in progress');
    expect(items[2]).toHaveTextContent('Usually one business day');
    expect(items[4]).toHaveTextContent('Delivered, not yet');
  });

  it('shows a failed step as failed', () => {
    render(
      <ProgressTracker
        label="Order progress"
        stateLabels={STATE_LABELS}
        steps={[
          {
            id: 'payment',
            label: 'Payment and verification',
            state: 'failed',
            description: 'Card declined',
          },
          { id: 'confirmed', label: 'Order confirmed', state: 'upcoming' },
        ]}
      />,
    );
    const [payment] = screen.getAllByRole('listitem');
    expect(payment).toHaveTextContent('Payment and verification, failed');
    expect(payment).toHaveTextContent('Card declined');
  });
});
