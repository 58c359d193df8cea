import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, type TabItem } from './tabs';

const items = (value: string): TabItem[] => [
  { id: 'email', label: 'E-mail', href: '/login', panel: value === 'email' ? <p>E-mail form</p> : null },
  { id: 'phone', label: 'Phone', href: '/login/phone', panel: value === 'phone' ? <p>Phone form</p> : null },
];

function Harness() {
  const [value, setValue] = useState('email');
  return <Tabs label="Send the code by" items={items(value)} value={value} onChange={setValue} />;
}

describe('Tabs with addresses', () => {
  it('are links to their pages, each in the Tab order, in a page drawn without the scripts', () => {
    const html = renderToString(<Tabs label="Send the code by" items={items('email')} value="email" onChange={() => {}} />);
    const document = new DOMParser().parseFromString(html, 'text/html');
    const tabs = [...document.querySelectorAll('[role="tab"]')];
    expect(tabs.map((tab) => [tab.tagName, tab.getAttribute('href'), tab.getAttribute('tabindex')])).toEqual([
      ['A', '/login', '0'],
      ['A', '/login/phone', '0'],
    ]);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('with the scripts switch in place (the link not followed), one tab in the Tab order, arrows move', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const phone = screen.getByRole('tab', { name: 'Phone' });
    expect(phone).toHaveAttribute('tabindex', '-1');
    await user.click(phone);
    expect(phone).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Phone form')).toBeVisible();
    expect(window.location.pathname).toBe('/');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'E-mail' })).toHaveFocus();
    expect(screen.getByText('E-mail form')).toBeVisible();
  });
});
