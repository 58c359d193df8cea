import { useCallback, useEffect, useRef, type ReactNode } from 'react';
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
    if (timeout <= 0 || timer.current || closed.current || hovered.current || focused.current)
      return;
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
          <img
            src={avatar.src}
            alt={avatar.alt ?? ''}
            width={40}
            height={40}
            className="size-10 shrink-0 rounded-full object-cover"
          />
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
        {description ? (
          <div className="mt-1 whitespace-pre-line text-muted">{description}</div>
        ) : null}
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
