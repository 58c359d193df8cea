import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Stepper } from './stepper';

const STEPS = [
  { id: 'products', label: 'Productos' },
  { id: 'delivery', label: 'Entrega' },
  { id: 'payment', label: 'Pago' },
];

describe('Stepper', () => {
  it('is an ordered list of the steps with the current one marked', () => {
    render(
      <Stepper
        label="Pasos de la compra"
        steps={STEPS}
        current="delivery"
        completedLabel="completado"
      />,
    );
    const list = screen.getByRole('list', { name: 'Pasos de la compra' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[2]).not.toHaveAttribute('aria-current');
  });

  it('says in words, not only in colour, which steps are done', () => {
    render(
      <Stepper label="Checkout steps" steps={STEPS} current="payment" completedLabel="completed" />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Productos, completed');
    expect(items[1]).toHaveTextContent('Entrega, completed');
    expect(items[2]).toHaveTextContent('Pago');
    expect(items[2]).not.toHaveTextContent('completed');
    // One text, so a browser reads "Productos, completed", never "Productos , completed" (issue 33).
    expect(within(items[0]!).getByText('Productos, completed')).toBeInTheDocument();
  });

  it('has no buttons unless the app lets people go back', () => {
    render(
      <Stepper label="Checkout steps" steps={STEPS} current="payment" completedLabel="completed" />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('with onStepSelect, done steps are buttons reachable by keyboard; the others are not', async () => {
    const user = userEvent.setup();
    const onStepSelect = vi.fn();
    render(
      <Stepper
        label="Checkout steps"
        steps={STEPS}
        current="delivery"
        completedLabel="completed"
        onStepSelect={onStepSelect}
      />,
    );
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Productos, completed' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onStepSelect).toHaveBeenCalledWith('products');
  });
});
