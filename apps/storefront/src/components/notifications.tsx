import { useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, Info, RefreshCw, TriangleAlert } from 'lucide-react';
import { NOTIFICATION_TIMEOUT_MS } from '@otc/sdk';
import { Toast, ToastRegion } from '@otc/ui';
import { useGetSettingsQuery } from '../app/settings-api';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectNotifications, type NotificationIcon } from '../app/ui-slice';
import { dismissNotification, notificationHandlers } from '../app/notify';

const icons: Record<NotificationIcon, typeof Info> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleX,
  update: RefreshCw,
};

/** The notifications region: the store's queue drawn as toasts. */
export function Notifications() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  // The default timeout is a shop setting (5000 ms unless configured otherwise).
  const { data: settings } = useGetSettingsQuery();
  const defaultTimeout = settings?.notificationTimeoutMs ?? NOTIFICATION_TIMEOUT_MS;
  return (
    <ToastRegion label={t`Notifications`}>
      {notifications.map((notification) => {
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
            timeout={notification.timeout ?? defaultTimeout}
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
      })}
    </ToastRegion>
  );
}
