import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from '../icons';
import { cn } from '../cn';

export type NoticeTone = 'info' | 'warning' | 'error' | 'success';

export interface NoticeProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> {
  tone?: NoticeTone;
  /** A bold first line; the children follow it. */
  title?: ReactNode;
  /** A button or link after the text, e.g. "Add more items" or "Remove them". */
  action?: ReactNode;
  /** Replaces the tone's icon; `null` draws none. */
  icon?: ReactNode | null;
  /**
   * Default true: an alert (errors) or a status (the other tones). False when the same words are
   * already announced elsewhere (a notification), so they are read once: then no live role.
   */
  live?: boolean;
  /** The box (React 19 passes a function component's ref as a prop). */
  ref?: Ref<HTMLDivElement>;
  children?: ReactNode;
}

const tones: Record<NoticeTone, { box: string; icon: string; Icon: typeof Info }> = {
  info: { box: 'border-primary bg-primary-soft', icon: 'text-primary', Icon: Info },
  warning: { box: 'border-warning bg-warning-soft', icon: 'text-warning', Icon: TriangleAlert },
  error: { box: 'border-danger bg-danger-soft', icon: 'text-danger', Icon: CircleAlert },
  success: { box: 'border-success bg-success-soft', icon: 'text-success', Icon: CircleCheck },
};

/**
 * An inline message box ("$25.00 Minimum Order.", the cart merge notice, invalid cart items).
 * Errors are `role="alert"`, the other tones `role="status"` (none with `live={false}`); the
 * text is in the normal text colour on a soft background (AA in both modes), the tone shows in
 * the border and icon.
 */
export function Notice({
  tone = 'info',
  title,
  action,
  icon,
  live = true,
  className,
  children,
  ...rest
}: NoticeProps) {
  const { box, icon: iconColor, Icon } = tones[tone];
  const shownIcon = icon === undefined ? <Icon className="size-6" /> : icon;
  return (
    <div
      role={live ? (tone === 'error' ? 'alert' : 'status') : undefined}
      data-tone={tone}
      className={cn(
        'flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border-l-4 p-4 text-fg',
        box,
        className,
      )}
      {...rest}
    >
      {shownIcon ? (
        <span aria-hidden="true" className={cn('mt-0.5 flex shrink-0', iconColor)}>
          {shownIcon}
        </span>
      ) : null}
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
        {title ? <p className="font-bold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
      {action ? <div className="flex shrink-0 items-center self-center">{action}</div> : null}
    </div>
  );
}
