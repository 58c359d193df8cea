import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to draw its main heading (data still loading) before #main is used. */
const HEADING_WAIT_MS = 3000;

/**
 * How long after the focus moved a page may still replace its heading (a loading state giving
 * way to the loaded page): a removed heading takes the focus with it, so the new one gets it.
 */
const HEADING_SETTLE_MS = 3000;

/** The page's main heading inside #main, or null. */
function mainHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('#main h1');
}

/**
 * Moves focus to `target` without scrolling the page away from where scroll restoration put it.
 * A heading is not focusable by itself: it gets tabindex -1 (reachable by script, not by Tab).
 */
export function focusTarget(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * After every in-app page change (a new path; not the first load, not a change of query only,
 * not a jump to a #fragment) focus goes to the new page's main heading, or to the main landmark
 * (the skip target) when the page has no heading yet, and the new document title is announced
 * once through a polite live region. A dialog that is open keeps the focus.
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const previous = useRef(pathname);
  const [announcement, setAnnouncement] = useState<{ n: number; text: string } | null>(null);

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (hash) return;
    let observer: MutationObserver | null = null;
    let settle: MutationObserver | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let settleTimer: ReturnType<typeof setTimeout> | null = null;
    let frame = 0;
    const stopSettling = () => {
      settle?.disconnect();
      if (settleTimer) clearTimeout(settleTimer);
      settle = null;
      settleTimer = null;
    };
    const finish = (target: HTMLElement | null) => {
      observer?.disconnect();
      if (timer) clearTimeout(timer);
      observer = null;
      timer = null;
      if (!document.querySelector('[role="dialog"][aria-modal="true"]')) {
        const fallback = document.getElementById('main');
        const element = target ?? fallback;
        if (element) focusTarget(element);
        const main = document.getElementById('main');
        if (target && main) {
          // The heading was replaced and the focus fell back to the body (nobody moved it): the
          // new heading takes it.
          let focused: HTMLElement = target;
          settle = new MutationObserver(() => {
            if (focused.isConnected) return;
            const lost = document.activeElement === null || document.activeElement === document.body;
            if (!lost) {
              stopSettling();
              return;
            }
            const next = mainHeading();
            if (next) {
              focusTarget(next);
              focused = next;
            }
          });
          settle.observe(main, { childList: true, subtree: true });
          settleTimer = setTimeout(stopSettling, HEADING_SETTLE_MS);
        }
      }
      // React 19 hoists the page's <title>; it is in place once the page has drawn.
      setAnnouncement((last) => ({ n: (last?.n ?? 0) + 1, text: document.title }));
    };
    // After this commit's effects (a dialog closing gives focus back first).
    frame = requestAnimationFrame(() => {
      const heading = mainHeading();
      if (heading) {
        finish(heading);
        return;
      }
      const main = document.getElementById('main');
      if (!main) {
        finish(null);
        return;
      }
      observer = new MutationObserver(() => {
        const found = mainHeading();
        if (found) finish(found);
      });
      observer.observe(main, { childList: true, subtree: true });
      timer = setTimeout(() => finish(null), HEADING_WAIT_MS);
    });
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      if (timer) clearTimeout(timer);
      stopSettling();
    };
  }, [pathname, hash]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement ? <p key={announcement.n}>{announcement.text}</p> : null}
    </div>
  );
}
