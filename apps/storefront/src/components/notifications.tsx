import { useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, Info, RefreshCw, TriangleAlert } from 'lucide-react';
import { Toast, ToastRegion } from '@otc/ui';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { selectNotifications, type NotificationIcon } from '../features/ui/ui-slice';
import { dismissNotification, notificationHandlers } from '../features/ui/notify';

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
            timeout={notification.timeout}
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
