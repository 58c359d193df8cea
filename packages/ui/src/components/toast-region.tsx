import { Children, isValidElement, type ReactNode } from 'react';
import type { ToastColor } from './toast';

// Apart from the toasts themselves: the region is on every page from the start (its live regions
// must be there before a toast is added), the toasts' own code can come with the first one.
export interface ToastRegionProps {
  /** Names the landmark, e.g. "Notifications". */
  label: string;
  children?: ReactNode;
}

/**
 * The fixed stack of toasts, at the bottom of the screen (from the `sm` width on, at the bottom
 * right): never over a page's heading or its first field, which the top of the screen shows (at
 * the top, over the header, a long one covered the heading and the field below it). While a field
 * has the focus on a phone it steps aside (styles.css), so it never hides the field being typed
 * in right above the on-screen keyboard. A labelled region with two lists, each
 * inside a live region that is on the page before any toast: errors (`color="danger"`) in the
 * assertive one, the others in the polite one. A new toast is read once, as it is added.
 */
export function ToastRegion({ label, children }: ToastRegionProps) {
  const urgent: ReactNode[] = [];
  const polite: ReactNode[] = [];
  Children.forEach(children, (child) => {
    const danger = isValidElement<{ color?: ToastColor }>(child) && child.props.color === 'danger';
    (danger ? urgent : polite).push(child);
  });
  const list = 'flex w-full flex-col gap-3';
  return (
    <section
      aria-label={label}
      data-toast-region=""
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex justify-center p-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:right-0 sm:justify-end sm:p-4"
    >
      <div className="flex w-full max-w-md flex-col gap-3">
        <div aria-live="assertive" aria-relevant="additions" data-testid="toast-urgent">
          <ol className={list}>{urgent}</ol>
        </div>
        <div aria-live="polite" aria-relevant="additions" data-testid="toast-polite">
          <ol className={list}>{polite}</ol>
        </div>
      </div>
    </section>
  );
}
