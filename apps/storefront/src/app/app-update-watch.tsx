import { useAppUpdateNotice } from '../features/app-update/app-update-notice';

/** Watches for a newer build of the shop (its own chunk: see `AppUpdateSlot`). */
export default function AppUpdateWatch() {
  useAppUpdateNotice();
  return null;
}
