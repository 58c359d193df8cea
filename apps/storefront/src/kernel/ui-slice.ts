import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ColourMode } from '../lib/colour-mode';

export type NotificationColor = 'primary' | 'success' | 'warning' | 'danger' | 'neutral';
export type NotificationIcon = 'info' | 'success' | 'warning' | 'error' | 'update';

/** A notification as the store keeps it: plain data. Its functions live in `notify.ts`. */
export interface NotificationData {
  id: string;
  /** Already translated. */
  title: string;
  description?: string;
  icon?: NotificationIcon;
  /** Initials for the avatar placeholder (the SDK's `initials`), and an optional picture. */
  avatar?: { initials: string; src?: string };
  closeButton?: boolean;
  /** Milliseconds; 0 stays until closed; undefined uses the default 5000. */
  timeout?: number;
  actions?: { id: string; label: string }[];
  color?: NotificationColor;
  /**
   * Pages (paths without the language prefix, e.g. `/cart`) where it has no purpose: it closes
   * there ("Added to cart" on the cart itself would only cover it).
   */
  closesOn?: string[];
}

export interface UiState {
  searchOpen: boolean;
  colourMode: ColourMode;
  notifications: NotificationData[];
  /**
   * Page notice areas on screen (`PageNotices`): while one is, the notifications are drawn in the
   * page, above its form, not as toasts over it (issue 33 item 8).
   */
  pageNoticeAreas: number;
}

const initialState: UiState = { searchOpen: false, colourMode: 'system', notifications: [], pageNoticeAreas: 0 };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    searchOpened(state) {
      state.searchOpen = true;
    },
    searchClosed(state) {
      state.searchOpen = false;
    },
    colourModeChanged(state, action: PayloadAction<ColourMode>) {
      state.colourMode = action.payload;
    },
    notificationAdded(state, action: PayloadAction<NotificationData>) {
      // Words already on screen are not shown twice (a session that ended is told once, however
      // many requests found it out): the shown one stays where it is, and is read once.
      const { id, title, description } = action.payload;
      if (state.notifications.some((n) => n.title === title && n.description === description)) return;
      // The same id with new words replaces the earlier one.
      state.notifications = state.notifications.filter((n) => n.id !== id);
      state.notifications.push(action.payload);
    },
    notificationRemoved(state, action: PayloadAction<string>) {
      state.notifications = state.notifications.filter((n) => n.id !== action.payload);
    },
    pageNoticeAreaShown(state) {
      state.pageNoticeAreas += 1;
    },
    pageNoticeAreaGone(state) {
      state.pageNoticeAreas = Math.max(0, state.pageNoticeAreas - 1);
    },
  },
  selectors: {
    selectSearchOpen: (state) => state.searchOpen,
    selectColourMode: (state) => state.colourMode,
    selectNotifications: (state) => state.notifications,
    selectNoticesInPage: (state) => state.pageNoticeAreas > 0,
  },
});

export const {
  searchOpened,
  searchClosed,
  colourModeChanged,
  notificationAdded,
  notificationRemoved,
  pageNoticeAreaShown,
  pageNoticeAreaGone,
} = uiSlice.actions;
export const { selectSearchOpen, selectColourMode, selectNotifications, selectNoticesInPage } = uiSlice.selectors;
