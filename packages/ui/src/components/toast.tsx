import { Children, isValidElement, useCallback, useEffect, useRef, type ReactNode } from 'react';
import { X } from '../icons';
import { cn } from '../cn';

export const DEFAULT_TOAST_TIMEOUT_MS = 5000;

export type ToastColor = 'primary' | 'success' | 'warning' | 'danger' | 'neutral';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastAvatar {
  /** Initials drawn when there is no picture (computed by the app, e.g. the SDK's `initials`). */
  initials: string;
  src?: string;
  alt?: string;
}

export type ToastCloseReason = 'timeout' | 'close' | 'action';

export interface ToastProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  avatar?: ToastAvatar;
  color?: ToastColor;
  /** Milliseconds before it closes by itself; 0 keeps it until closed. Default 5000. */
  timeout?: number;
  /** Accessible name of the close button; the button is shown unless `closeButton` is false. */
  closeLabel: string;
  closeButton?: boolean;
  actions?: ToastAction[];
  /** Run when the close button is clicked. */
  callback?: () => void;
  /** Always called once when the toast closes, with why. The owner removes it then. */
  onClose: (reason: ToastCloseReason) => void;
}

const colors: Record<ToastColor, string> = {
  primary: 'border-l-primary',
  success: 'border-l-success',
  warning: 'border-l-warning',
  danger: 'border-l-danger',
  neutral: 'border-l-border',
};
const iconColors: Record<ToastColor, string> = {
  primary: 'text-primary',
  success: 'text-success',
  warning: 'text-warning',
  danger: 'text-danger',
  neutral: 'text-muted',
};

/**
 * One notification. Its timer pauses while the pointer is over it (or focus is inside it) and
 * resumes with the time that was left. It is a plain list item: the region's live lists announce
 * it once when it appears (errors, `color="danger"`, assertively), so the list stays a valid list
 * and nothing is read twice.
 */
export function Toast({
  title,
  description,
  icon,
  avatar,
  color = 'primary',
  timeout = DEFAULT_TOAST_TIMEOUT_MS,
  closeLabel,
  closeButton = true,
  actions = [],
  callback,
  onClose,
}: ToastProps) {
  const remaining = useRef(timeout);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hovered = useRef(false);
  const focused = useRef(false);
  const closed = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);


  const close = useCallback((reason: ToastCloseReason) => {
    if (closed.current) return;
    closed.current = true;
    if (timer.current) clearTimeout(timer.current);
    onCloseRef.current(reason);
  }, []);

  const pause = useCallback(() => {
    if (!timer.current) return;
    clearTimeout(timer.current);
    timer.current = null;
    remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
  }, []);

  const resume = useCallback(() => {
    if (timeout <= 0 || timer.current || closed.current || hovered.current || focused.current) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => {
      timer.current = null;
      close('timeout');
    }, remaining.current);
  }, [timeout, close]);

  useEffect(() => {
    remaining.current = timeout;
    resume();
    return () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [timeout, resume]);

  return (
    <li
      data-color={color}
      onMouseEnter={() => {
        hovered.current = true;
        pause();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        resume();
      }}
      onFocus={() => {
        focused.current = true;
        pause();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        resume();
      }}
      className={cn(
        'pointer-events-auto flex w-full gap-3 rounded-xl border border-border border-l-8 bg-surface p-3 text-fg shadow-lg motion-safe:animate-toast-in sm:p-4',
        colors[color],
      )}
    >
      {avatar ? (
        avatar.src ? (
          <img src={avatar.src} alt={avatar.alt ?? ''} width={40} height={40} className="size-10 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            data-testid="toast-initials"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-base font-bold text-on-primary"
          >
            {avatar.initials}
          </span>
        )
      ) : icon ? (
        <span aria-hidden="true" className={cn('mt-0.5 shrink-0', iconColors[color])}>
          {icon}
        </span>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-bold">{title}</p>
        {/* A description may be several lines ("Error placing order" lists one per field). */}
        {description ? <div className="mt-1 whitespace-pre-line text-muted">{description}</div> : null}
        {actions.length > 0 ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {actions.map((action) => (
              <button
                key={action.label}
                type="button"
                onClick={() => {
                  close('action');
                  action.onClick();
                }}
                className="min-h-11 rounded-lg bg-primary px-4 font-semibold text-on-primary hover:bg-primary-hover"
              >
                {action.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {closeButton ? (
        <button
          type="button"
          aria-label={closeLabel}
          onClick={() => {
            close('close');
            callback?.();
          }}
          className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-surface-3"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      ) : null}
    </li>
  );
}

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
