import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from '../icons';
import { cn } from '../cn';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * The open dialogs, innermost last. Every open dialog listens on `document`, so only the top one
 * answers Escape and keeps Tab inside: stacked dialogs close one at a time.
 */
const openDialogs: object[] = [];

function isTopDialog(token: object): boolean {
  return openDialogs[openDialogs.length - 1] === token;
}

export type ModalPlacement = 'center' | 'left' | 'right' | 'bottom' | 'top';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on a click outside the panel and on the close button. */
  onClose: () => void;
  /** The visible heading; it names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Hides the heading visually but keeps it as the accessible name. */
  hideTitle?: boolean;
  description?: ReactNode;
  /** Accessible name of the close button; without it no close button is drawn. */
  closeLabel?: string;
  /** Element focused on open; defaults to the first focusable element in the panel. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnOutsideClick?: boolean;
  placement?: ModalPlacement;
  size?: 'sm' | 'md' | 'lg' | 'full';
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const panelPlacement: Record<ModalPlacement, string> = {
  center: 'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] rounded-2xl',
  left: 'mr-auto h-dvh w-[min(22rem,90vw)]',
  right: 'ml-auto h-dvh w-[min(22rem,90vw)]',
  bottom: 'mt-auto max-h-[90dvh] w-full rounded-t-2xl',
  top: 'mb-auto max-h-[90dvh] w-full rounded-b-2xl',
};
const panelSize = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl', full: 'max-w-none' };

/**
 * A modal dialog: rendered in a portal, `role="dialog"` with `aria-modal`, named by its title.
 * Focus moves inside on open, Tab and Shift+Tab stay inside, Escape and a click outside close it,
 * and focus returns to the element that had it before opening.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  description,
  closeLabel,
  initialFocusRef,
  closeOnOutsideClick = true,
  placement = 'center',
  size = 'md',
  footer,
  children,
  className,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      const target = initialFocusRef?.current ?? focusables(panel)[0] ?? panel;
      target.focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const token = {};
    openDialogs.push(token);

    function onKeyDown(event: KeyboardEvent) {
      if (!isTopDialog(token)) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panelRef.current) return;
      const items = focusables(panelRef.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panelRef.current.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panelRef.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openDialogs.indexOf(token);
      if (index >= 0) openDialogs.splice(index, 1);
      document.body.style.overflow = overflow;
      if (previous && previous.isConnected) previous.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex bg-black/60"
      data-testid="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target !== event.currentTarget) return;
        // The press's own default action would move the focus to the backdrop, which is gone by
        // then: the focus would fall to the page body instead of going back to the opener.
        event.preventDefault();
        if (closeOnOutsideClick) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'flex flex-col overflow-hidden bg-surface text-fg shadow-2xl outline-none',
          panelPlacement[placement],
          placement === 'center' && panelSize[size],
          className,
        )}
      >
        <div className="flex items-start justify-between gap-3 border-b border-border px-5 py-3">
          <h2 id={titleId} className={cn('pt-2 text-xl font-bold', hideTitle && 'sr-only')}>
            {title}
          </h2>
          {closeLabel ? (
            <button
              type="button"
              aria-label={closeLabel}
              onClick={() => onCloseRef.current()}
              className="ml-auto inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-surface-3"
            >
              <X aria-hidden="true" className="size-6" />
            </button>
          ) : null}
        </div>
        {description ? (
          <p id={descriptionId} className="px-5 pt-3 text-muted">
            {description}
          </p>
        ) : null}
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? <div className="border-t border-border px-5 py-3">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

export type DrawerProps = Omit<DialogProps, 'placement' | 'size'> & { side?: 'left' | 'right' | 'bottom' };

/** A sheet that slides from a screen edge (phone menus); same behaviour as Dialog. */
export function Drawer({ side = 'right', ...rest }: DrawerProps) {
  return <Dialog placement={side} size="full" {...rest} />;
}
