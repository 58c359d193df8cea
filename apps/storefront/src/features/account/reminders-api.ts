// A reminder e-mail's unsubscribe link (issue 31), opened in the shop: what it would do (the
// API's preview, nothing changes) and the turn-off itself. Signed out too: the link is signed.
import type { UnsubscribeAnswer } from '@otc/sdk';
import { api } from '../../lib/api';
import type { Locale } from '../../lib/locale';

export const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewUnsubscribe: build.query<UnsubscribeAnswer, { token: string; locale: Locale }>({
      query: ({ token, locale }) => ({ route: 'unsubscribePreview', query: { token }, locale }),
    }),
    unsubscribe: build.mutation<UnsubscribeAnswer, { token: string; locale: Locale }>({
      query: ({ token, locale }) => ({ route: 'unsubscribe', query: { token }, locale }),
      // The member's setting, where it is held, is asked for again.
      invalidatesTags: ['Customer'],
    }),
  }),
});

export const { usePreviewUnsubscribeQuery } = remindersApi;
