import type { RouteInput, RouteOutput } from '@otc/sdk';
import { api } from '../../lib/api';
import type { Locale } from '../../lib/locale';

export type ContactMessageInput = NonNullable<RouteInput<'sendContactMessage'>['body']>;
export type BalanceCheckInput = NonNullable<RouteInput<'checkBalance'>['body']>;
export type ProductRequestInput = NonNullable<RouteInput<'requestProduct'>['body']>;

// `locale` goes with each call: the API answers its errors in the page's language.
export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<
      RouteOutput<'sendContactMessage'>,
      { body: ContactMessageInput; locale: Locale }
    >({
      query: ({ body, locale }) => ({ route: 'sendContactMessage', body, locale }),
    }),
    checkBalance: build.mutation<
      RouteOutput<'checkBalance'>,
      { body: BalanceCheckInput; locale: Locale }
    >({
      query: ({ body, locale }) => ({ route: 'checkBalance', body, locale }),
    }),
    requestProduct: build.mutation<
      RouteOutput<'requestProduct'>,
      { body: ProductRequestInput; locale: Locale }
    >({
      query: ({ body, locale }) => ({ route: 'requestProduct', body, locale }),
    }),
  }),
});

export const { useSendContactMessageMutation, useCheckBalanceMutation, useRequestProductMutation } =
  supportApi;
