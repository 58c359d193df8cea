// The cart page's two effects that reach past its drawing: where the focus goes once a removed
// line is gone, and a code that a `?personalcode=` link kept on this device, applied once to a
// customer's draft. Moved out of cart-page.tsx as they stood there, and called where they were.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { focusTarget } from '../../../kernel/route-focus';
import type { ShopSdk } from '../../../lib/sdk';
import type { CartView } from '../cart-api';

/**
 * The line being removed and the one after it (the page sets it as it removes a line): once the
 * line is gone from `view`, the focus goes to the next line's name, else to the heading.
 */
export function useFocusAfterRemoval(view: CartView | undefined) {
  const removal = useRef<{ id: number; next: number | null } | null>(null);
  useLayoutEffect(() => {
    const pending = removal.current;
    if (!pending || !view || view.lines.some((line) => line.product.id === pending.id)) return;
    removal.current = null;
    const next =
      pending.next === null ? null : document.querySelector<HTMLElement>(`#main [data-line="${pending.next}"] a`);
    const target = next ?? document.querySelector<HTMLElement>('#main h1');
    if (target) focusTarget(target);
  }, [view]);
  return removal;
}

/** Applies a code a `?personalcode=` link kept on this device to a customer's draft, once. */
export function useLinkPromoCode(
  view: CartView | undefined,
  promoCodes: ShopSdk['promoCodes'],
  apply: (code: string) => Promise<boolean>,
) {
  const linkCodeTried = useRef(false);
  useEffect(() => {
    if (linkCodeTried.current || !view || view.kind !== 'server') return;
    const linkCode = promoCodes.get();
    if (!linkCode) return;
    linkCodeTried.current = true;
    // Off the device before it is sent: the session-mode cart facade puts a code still kept here
    // onto the draft at its next call, which would send this one twice.
    promoCodes.clear();
    if (view.promoCode) return;
    void apply(linkCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);
}
