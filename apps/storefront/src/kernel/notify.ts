import type { Dispatch } from '@reduxjs/toolkit';
import { initials } from '@otc/sdk';
import { notificationAdded, notificationRemoved, type NotificationData } from './ui-slice';

export interface NotifyAction {
  label: string;
  onClick: () => void;
}

export interface NotifyInput extends Omit<NotificationData, 'id' | 'actions' | 'avatar'> {
  /** A person's avatar: the picture, or the initials of `name` as placeholder. */
  avatar?: { name: string; src?: string };
  /** A fixed id replaces an earlier notification with the same id (no duplicates). */
  id?: string;
  actions?: NotifyAction[];
  /** Run when the close button is clicked. */
  callback?: () => void;
}

interface Handlers {
  callback?: () => void;
  actions: Record<string, () => void>;
}

// Functions cannot live in the store; they wait here, keyed by notification id.
const handlers = new Map<string, Handlers>();
let counter = 0;

/** Shows a notification and returns its id. */
export function notify(dispatch: Dispatch, input: NotifyInput): string {
  const id = input.id ?? `n${Date.now().toString(36)}-${(counter += 1)}`;
  const { actions = [], callback, avatar, ...rest } = input;
  const entries = actions.map((action, index) => ({ id: `a${index}`, ...action }));
  handlers.set(id, {
    callback,
    actions: Object.fromEntries(entries.map((a) => [a.id, a.onClick])),
  });
  dispatch(
    notificationAdded({
      ...rest,
      id,
      avatar: avatar ? { initials: initials(avatar.name), src: avatar.src } : undefined,
      actions: entries.map(({ id: actionId, label }) => ({ id: actionId, label })),
    }),
  );
  return id;
}

export function dismissNotification(dispatch: Dispatch, id: string): void {
  handlers.delete(id);
  dispatch(notificationRemoved(id));
}

export function notificationHandlers(id: string): Handlers {
  return handlers.get(id) ?? { actions: {} };
}
