import { useId, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../cn';

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
  /**
   * The address of a page showing this tab: the tab is a link to it, followed without the scripts
   * (every such tab is then in the Tab order); with them a click only switches the tab.
   */
  href?: string;
}

export interface TabsProps {
  /** Names the tab list. */
  label: string;
  items: TabItem[];
  value: string;
  onChange: (id: string) => void;
  className?: string;
}

const subscribeToNothing = () => () => {};
const scriptsRun = () => true;
const notYet = () => false;

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function Tabs({ label, items, value, onChange, className }: TabsProps) {
  const baseId = useId();
  const refs = useRef<Record<string, HTMLElement | null>>({});
  // False in the server's page (and while it is hydrated): no arrow keys there.
  const scripts = useSyncExternalStore(subscribeToNothing, scriptsRun, notYet);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === value);
    let next = index;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const target = items[next];
    if (!target) return;
    onChange(target.id);
    refs.current[target.id]?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex gap-1 overflow-x-auto border-b-2 border-border">
        {items.map((item) => {
          const selected = item.id === value;
          const tab = {
            ref: (el: HTMLElement | null) => {
              refs.current[item.id] = el;
            },
            role: 'tab',
            id: `${baseId}-tab-${item.id}`,
            'aria-selected': selected,
            'aria-controls': `${baseId}-panel-${item.id}`,
            tabIndex: selected || (item.href && !scripts) ? 0 : -1,
            className: cn(
              '-mb-0.5 inline-flex min-h-11 shrink-0 items-center border-b-4 px-4 font-semibold',
              selected ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-fg',
            ),
          } as const;
          return item.href ? (
            <a
              key={item.id}
              {...tab}
              href={item.href}
              onClick={(event) => {
                // With the scripts the tab switches in place; the link is for a page without them.
                event.preventDefault();
                onChange(item.id);
              }}
            >
              {item.label}
            </a>
          ) : (
            <button key={item.id} {...tab} type="button" onClick={() => onChange(item.id)}>
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={item.id !== value}
          tabIndex={0}
          className="pt-4"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
