import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, Info, RefreshCw, TriangleAlert } from '@otc/ui/icons';
import { NOTIFICATION_TIMEOUT_MS } from '@otc/sdk';
import { ToastRegion } from '@otc/ui';
import { useGetSettingsQuery } from '../kernel/settings-api';
import { useAppDispatch, useAppSelector } from '../kernel/hooks';
import { selectNoticesInPage, selectNotifications, type NotificationIcon } from '../kernel/ui-slice';
import { dismissNotification, notificationHandlers } from '../kernel/notify';
import { deferredModule, useDeferredModule } from '../lib/deferred-module';
import { stripLocale } from '../lib/locale';

const icons: Record<NotificationIcon, typeof Info> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleX,
  update: RefreshCw,
};

/** The toasts' code, with the first toast (the region is on the page from the start). */
const toastModule = deferredModule(() => import('@otc/ui/toast'));

/** Loads the toasts' code now (a toast drawn after this shows at once). */
export function loadToasts(): Promise<unknown> {
  return toastModule.load();
}

/** The notifications region: the store's queue drawn as toasts (or only said: `PageNotices`). */
export function Notifications() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  // The default timeout is a shop setting (5000 ms unless configured otherwise).
  const { data: settings } = useGetSettingsQuery();
  const defaultTimeout = settings?.notificationTimeoutMs ?? NOTIFICATION_TIMEOUT_MS;
  // A notification with no purpose on this page closes here ("Added to cart" on the cart).
  const page = stripLocale(useLocation().pathname);
  const purposeless = notifications.filter((notification) => notification.closesOn?.includes(page));
  useEffect(() => {
    for (const notification of purposeless) dismissNotification(dispatch, notification.id);
  }, [purposeless, dispatch]);
  const shown = notifications.filter((notification) => !purposeless.includes(notification));
  const Toast = useDeferredModule(toastModule, shown.length > 0)?.Toast;
  // Drawn in the page (PageNotices, over no form): here only said, once, as each arrives.
  const inPage = useAppSelector(selectNoticesInPage);
  if (inPage) {
    return (
      <ToastRegion label={t`Notifications`}>
        {shown.map((notification) => (
          <li key={notification.id} className="sr-only">
            {notification.title}
            {notification.description ? `. ${notification.description}` : ''}
          </li>
        ))}
      </ToastRegion>
    );
  }
  return (
    <ToastRegion label={t`Notifications`}>
      {Toast
        ? shown.map((notification) => {
            const handlers = notificationHandlers(notification.id);
            const Icon = notification.icon ? icons[notification.icon] : null;
            return (
              <Toast
                key={notification.id}
                title={notification.title}
                description={notification.description}
                icon={Icon ? <Icon className="size-6" /> : undefined}
                avatar={notification.avatar}
                color={notification.color}
                // An action stays reachable: such a toast waits until it is closed (a keyboard user
                // may need more than 5 s to get to it), unless its caller chose a time.
                timeout={
                  notification.timeout ?? (notification.actions?.length ? 0 : defaultTimeout)
                }
                closeButton={notification.closeButton}
                closeLabel={t`Close notification`}
                callback={handlers.callback}
                actions={(notification.actions ?? []).map((action) => ({
                  label: action.label,
                  onClick: () => handlers.actions[action.id]?.(),
                }))}
                onClose={() => dismissNotification(dispatch, notification.id)}
              />
            );
          })
        : null}
    </ToastRegion>
  );
}
