import { render } from '@testing-library/react';
import sprite from 'virtual:icon-sprite';
import { Check, Heart } from './icons';

describe('icons', () => {
  it("draws the sprite's symbol in currentColor, hidden from assistive technology", () => {
    const { container } = render(<Heart className="size-6" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
    expect(svg).toHaveClass('size-6');
    expect(svg?.querySelector('use')).toHaveAttribute('href', `${sprite}#heart`);
    expect(sprite).toMatch(/^\/assets\/icons-[0-9a-f]{10}\.svg$/);
  });

  it('is named when given a label, and takes its stroke width', () => {
    const { getByRole } = render(<Check role="img" aria-label="Done" strokeWidth={3} />);
    const svg = getByRole('img', { name: 'Done' });
    expect(svg).not.toHaveAttribute('aria-hidden');
    expect(svg).toHaveAttribute('stroke-width', '3');
  });
});
