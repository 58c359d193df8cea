// The "This was not me" link of an account-change notice (issue 32), opened in the shop: what it
// would undo (the API's preview, nothing changes) and the undo itself. Signed out too: the link
// holds a single-use token.
import type { AccountUndoAnswer } from '@otc/sdk';
import { api } from '../../lib/api';
import type { Locale } from '../../lib/locale';

export const undoApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewAccountUndo: build.query<AccountUndoAnswer, { token: string; locale: Locale }>({
      query: ({ token, locale }) => ({ route: 'accountUndoPreview', query: { token }, locale }),
    }),
    undoAccountChange: build.mutation<AccountUndoAnswer, { token: string; locale: Locale }>({
      query: ({ token, locale }) => ({ route: 'accountUndo', query: { token }, locale }),
      // Every session of the account ended: whatever is held of the customer is asked for again.
      invalidatesTags: ['Customer'],
    }),
  }),
});

export const { usePreviewAccountUndoQuery } = undoApi;
