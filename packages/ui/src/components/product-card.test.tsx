import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { CoverageMark, ProductCard } from './product-card';
import { Tabs } from './tabs';
import { StatusPill } from './badge';

function RouterLink({ to, children, className }: { to: string; children?: ReactNode; className?: string }) {
  return (
    <a href={`/app${to}`} className={className} data-router-link="">
      {children}
    </a>
  );
}

describe('ProductCard', () => {
  it('links the name through the given link component; image has size and lazy loading', () => {
    render(
      <ProductCard
        name="Vitamin C 500 mg"
        price="$4.99"
        manufacturer="Acme Labs"
        image={{ src: '/img/7.jpg', width: 320, height: 320 }}
        linkAs={RouterLink}
        linkProps={{ to: '/item/7' }}
        flags={<span>Out of stock</span>}
        action={<button type="button">Add to cart</button>}
      />,
    );
    const link = screen.getByRole('link', { name: 'Vitamin C 500 mg' });
    expect(link).toHaveAttribute('href', '/app/item/7');
    expect(link).toHaveAttribute('data-router-link');
    expect(screen.getByRole('heading', { level: 3, name: 'Vitamin C 500 mg' })).toBeInTheDocument();
    const image = document.querySelector('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('height', '320');
    expect(image).toHaveAttribute('alt', '');
    expect(screen.getByText('$4.99')).toBeInTheDocument();
    expect(screen.getByText('Acme Labs')).toBeInTheDocument();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    // The action is a separate control, not inside the link.
    expect(link).not.toContainElement(screen.getByRole('button', { name: 'Add to cart' }));
    expect(image).not.toHaveAttribute('fetchpriority');
  });

  it('loads a priority picture (first screenful) at once and with high priority', () => {
    render(
      <ProductCard
        name="Vitamin C 500 mg"
        price="$4.99"
        image={{ src: '/img/7.jpg', width: 320, height: 320, priority: true }}
        linkProps={{ href: '/item/7' }}
      />,
    );
    const image = document.querySelector('img');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });
});

describe('CoverageMark in a ProductCard', () => {
  it('says in words whether the plan covers the item, with an icon, and keeps its help link clickable', async () => {
    const onHelp = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <ul>
        <li>
          <ProductCard
            name="Vitamin C 500 mg"
            price="$4.99"
            linkProps={{ href: '/item/7' }}
            coverage={<CoverageMark covered>Covered by your plan</CoverageMark>}
          />
        </li>
        <li>
          <ProductCard
            name="Hair dye"
            price="$9.99"
            linkProps={{ href: '/item/8' }}
            coverage={
              <>
                <CoverageMark covered={false}>Not covered</CoverageMark>
                <a href="/docs/items-eligibility" onClick={onHelp}>
                  Why?
                </a>
              </>
            }
          />
        </li>
      </ul>,
    );
    const covered = screen.getByText('Covered by your plan').parentElement!;
    expect(covered).toHaveAttribute('data-covered', 'true');
    // Not colour alone: an icon and the words, and an edge that forced colours keep.
    expect(covered.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(covered.className).toMatch(/\bborder\b/);
    const notCovered = screen.getByText('Not covered').parentElement!;
    expect(notCovered).toHaveAttribute('data-covered', 'false');
    expect(notCovered.querySelector('svg')).not.toBeNull();
    // The marks sit outside the name's link (which covers the card) and above its cover.
    const nameLink = screen.getByRole('link', { name: 'Hair dye' });
    expect(nameLink).not.toContainElement(notCovered);
    const help = screen.getByRole('link', { name: 'Why?' });
    expect(help.parentElement?.className).toMatch(/\brelative\b.*\bz-10\b/);
    await userEvent.setup().click(help);
    expect(onHelp).toHaveBeenCalledTimes(1);
  });

  it('draws nothing for coverage when none is given', () => {
    render(<ProductCard name="Gauze" price="$1.99" linkProps={{ href: '/item/9' }} />);
    expect(document.querySelector('[data-covered]')).toBeNull();
  });
});

describe('Tabs', () => {
  function Harness() {
    const [value, setValue] = useState('profile');
    return (
      <Tabs
        label="Account"
        value={value}
        onChange={setValue}
        items={[
          { id: 'profile', label: 'Profile', panel: <p>Profile panel</p> },
          { id: 'orders', label: 'Orders', panel: <p>Orders panel</p> },
          { id: 'cards', label: 'Cards', panel: <p>Cards panel</p> },
        ]}
      />
    );
  }

  it('arrow keys, Home and End move the selection and focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Profile' })).toHaveTextContent('Profile panel');
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Orders' })).toBeVisible();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Cards' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('StatusPill', () => {
  it('carries its colour and shows the text', () => {
    render(<StatusPill color="darkred">Draft</StatusPill>);
    expect(screen.getByText('Draft')).toHaveAttribute('data-color', 'darkred');
  });
});
