/**
 * The "This was not me" link of an account-change notice (issue 32, item 6), signed out: `GET`
 * answers what the undo would do, `POST` undoes the change, locks the password and ends every
 * session (services/account-undo.ts). Tagged `auth`: the POST counts on the sign-in calls' limit.
 */
import { defineHandlers } from '../../lib/contract-routes.js';

export default defineHandlers({
  accountUndoPreview: async ({ query, services }) => services.accountUndo.preview(query.token),

  accountUndo: async ({ query, services }) => services.accountUndo.undo(query.token),
});
