import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button, Notice, type NoticeTone } from '@otc/ui';
import { useAppDispatch, useAppSelector } from '../kernel/hooks';
import { dismissNotification, notificationHandlers } from '../kernel/notify';
import {
  pageNoticeAreaGone,
  pageNoticeAreaShown,
  selectNotifications,
  type NotificationColor,
} from '../kernel/ui-slice';

const tones: Record<NotificationColor, NoticeTone> = {
  primary: 'info',
  neutral: 'info',
  success: 'success',
  warning: 'warning',
  danger: 'error',
};

/** How long a notice drawn in the page counts as seen once the page is left. */
const READ_AFTER_MS = 2000;

/**
 * The notifications drawn in the page, above a form the member is filling in (the sign-in and
 * profile pages): a toast there covered the heading and the first field (issue 33 item 8, the
 * cart merge after signing up, on a phone and beside the form on a desktop). While this area is
 * on screen the toasts are not drawn (the notifications region still says each one, once); the
 * notices wait for their Close, and those shown here are done with when the page is left.
 */
export function PageNotices() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  // When each was first drawn here: one that came as the page was left (the sign-up's cart merge,
  // then the way to the profile page) goes on to the next page unread.
  const shownSince = useRef(new Map<string, number>());
  useEffect(() => {
    dispatch(pageNoticeAreaShown());
    const since = shownSince.current;
    return () => {
      dispatch(pageNoticeAreaGone());
      const now = Date.now();
      for (const [id, at] of since) if (now - at >= READ_AFTER_MS) dismissNotification(dispatch, id);
    };
  }, [dispatch]);
  useEffect(() => {
    for (const notification of notifications) {
      if (!shownSince.current.has(notification.id)) shownSince.current.set(notification.id, Date.now());
    }
  }, [notifications]);
  if (notifications.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {notifications.map((notification) => {
        const handlers = notificationHandlers(notification.id);
        const close = () => {
          handlers.callback?.();
          dismissNotification(dispatch, notification.id);
        };
        return (
          <Notice
            key={notification.id}
            tone={tones[notification.color ?? 'primary']}
            title={notification.title}
            live={false}
            action={
              <div className="flex flex-wrap gap-2">
                {(notification.actions ?? []).map((action) => (
                  <Button key={action.id} size="sm" onClick={() => handlers.actions[action.id]?.()}>
                    {action.label}
                  </Button>
                ))}
                <Button size="sm" variant="secondary" onClick={close}>
                  {t`Close`}
                </Button>
              </div>
            }
          >
            {notification.description ? <p className="whitespace-pre-line">{notification.description}</p> : null}
          </Notice>
        );
      })}
    </div>
  );
}
