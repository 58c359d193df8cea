/**
 * The reminder e-mails' signed unsubscribe link (issue 31), signed out: `GET` answers what it
 * would do, `POST` (the one-click of RFC 8058, `List-Unsubscribe=One-Click` as a form body) turns
 * the allowance reminders off.
 */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  unsubscribePreview: async ({ query, services }) => services.reminders.preview(query.token),

  unsubscribe: async ({ query, services }) => services.reminders.unsubscribe(query.token),
});
